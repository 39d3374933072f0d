ALTER TABLE "tasks" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "not_started_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "in_progress_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill from the status history (decision 0016): each history row closes the span since the row before it (or
-- the task's creation), added to the status it left; the last row is when the status last changed. A maintenance
-- write, not anyone's action: the audit log and the realtime events are not told (the triggers are off for this
-- statement only, inside the migration's transaction), as in 0011.
ALTER TABLE "tasks" DISABLE TRIGGER "audit";--> statement-breakpoint
ALTER TABLE "tasks" DISABLE TRIGGER "tasuki_events_update";--> statement-breakpoint
UPDATE "tasks" SET
  "status_changed_at" = "spans"."last_at",
  "not_started_seconds" = "spans"."not_started_s",
  "in_progress_seconds" = "spans"."in_progress_s"
FROM (
  SELECT "task_id", max("changed_at") AS "last_at",
    coalesce(sum("seconds") FILTER (WHERE "from_status" = 'none'), 0) AS "not_started_s",
    coalesce(sum("seconds") FILTER (WHERE "from_status" = 'in_progress'), 0) AS "in_progress_s"
  FROM (
    SELECT c."task_id", c."from_status", c."changed_at",
      extract(epoch FROM c."changed_at" - coalesce(
        lag(c."changed_at") OVER (PARTITION BY c."task_id" ORDER BY c."changed_at", c."id"), t."created_at")) AS "seconds"
    FROM "task_status_changes" c JOIN "tasks" t ON t."id" = c."task_id"
  ) AS "each"
  GROUP BY "task_id"
) AS "spans"
WHERE "spans"."task_id" = "tasks"."id";--> statement-breakpoint
ALTER TABLE "tasks" ENABLE TRIGGER "audit";--> statement-breakpoint
ALTER TABLE "tasks" ENABLE TRIGGER "tasuki_events_update";--> statement-breakpoint
CREATE INDEX "tasks_live_analytics_index" ON "tasks" USING btree ("workspace_id","status","expires_at","created_at","completed_at","assignee_id","group_id","project_id","priority","periodic_series_id","not_started_seconds","in_progress_seconds") WHERE "tasks"."deleted_at" is null;
