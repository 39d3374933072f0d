ALTER TABLE "tasks" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tasks_live_completed_index" ON "tasks" USING btree ("workspace_id","completed_at") WHERE "tasks"."deleted_at" is null and "tasks"."completed_at" is not null;--> statement-breakpoint
-- Backfill from the status history: the last move to 完了 of each task that is 完了 or クローズ now (decision 0016).
-- A maintenance write, not anyone's action: the audit log and the realtime events are not told (the triggers are
-- off for this statement only, inside the migration's transaction).
ALTER TABLE "tasks" DISABLE TRIGGER "audit";--> statement-breakpoint
ALTER TABLE "tasks" DISABLE TRIGGER "tasuki_events_update";--> statement-breakpoint
UPDATE "tasks" SET "completed_at" = "done"."at"
FROM (
  SELECT "task_id", max("changed_at") AS "at" FROM "task_status_changes" WHERE "to_status" = 'done' GROUP BY "task_id"
) AS "done"
WHERE "done"."task_id" = "tasks"."id" AND "tasks"."status" IN ('done', 'closed');--> statement-breakpoint
ALTER TABLE "tasks" ENABLE TRIGGER "audit";--> statement-breakpoint
ALTER TABLE "tasks" ENABLE TRIGGER "tasuki_events_update";
