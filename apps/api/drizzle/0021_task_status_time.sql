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
CREATE INDEX "tasks_live_analytics_index" ON "tasks" USING btree ("workspace_id","status","expires_at","created_at","completed_at","periodic_series_id","not_started_seconds","in_progress_seconds") WHERE "tasks"."deleted_at" is null;--> statement-breakpoint
-- The audit function of 0006 with time in status among the bookkeeping columns: a status change is in the log as
-- the change of status it is, not as the seconds it adds.
CREATE OR REPLACE FUNCTION tasuki_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb;
  new_row jsonb;
  before_diff jsonb := '{}'::jsonb;
  after_diff jsonb := '{}'::jsonb;
  key text;
  op text;
  ws uuid;
  actor uuid;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN new_row := to_jsonb(NEW); END IF;
  -- Hashes of tokens and passwords, and columns that change with every write, are not news.
  FOR key IN SELECT k FROM jsonb_object_keys(coalesce(new_row, old_row)) AS k LOOP
    IF key LIKE '%\_hash' OR key LIKE '%token%' OR key LIKE '%secret%' OR key LIKE '%password%'
       OR key IN ('updated_at', 'created_at', 'deleted_batch', 'periodic_touched',
                  'status_changed_at', 'not_started_seconds', 'in_progress_seconds') THEN
      old_row := old_row - key;
      new_row := new_row - key;
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' THEN
    FOR key IN SELECT k FROM jsonb_object_keys(new_row) AS k LOOP
      IF old_row -> key IS DISTINCT FROM new_row -> key THEN
        before_diff := before_diff || jsonb_build_object(key, old_row -> key);
        after_diff := after_diff || jsonb_build_object(key, new_row -> key);
      END IF;
    END LOOP;
    IF after_diff = '{}'::jsonb THEN RETURN NULL; END IF;
    op := CASE
      WHEN after_diff ? 'deleted_at' AND old_row ->> 'deleted_at' IS NULL THEN 'deleted'
      WHEN after_diff ? 'deleted_at' AND new_row ->> 'deleted_at' IS NULL THEN 'restored'
      ELSE 'updated' END;
  ELSIF TG_OP = 'INSERT' THEN
    before_diff := NULL;
    after_diff := new_row;
    op := 'created';
  ELSE
    before_diff := old_row;
    after_diff := NULL;
    op := 'deleted';
  END IF;
  IF TG_TABLE_NAME = 'workspaces' THEN
    ws := (coalesce(new_row, old_row) ->> 'id')::uuid;
  ELSE
    ws := (coalesce(new_row, old_row) ->> 'workspace_id')::uuid;
  END IF;
  actor := nullif(current_setting('tasuki.actor', true), '')::uuid;
  INSERT INTO audit_logs (id, workspace_id, actor_user_id, entity, entity_id, action, before, after, created_at)
  VALUES (gen_random_uuid(), ws, actor, TG_ARGV[0], (coalesce(new_row, old_row) ->> 'id')::uuid, op,
          before_diff, after_diff, clock_timestamp());
  RETURN NULL;
END;
$$;
