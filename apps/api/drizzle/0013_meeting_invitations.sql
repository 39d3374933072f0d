CREATE TABLE "calendar_feeds" (
	"workspace_user_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "ical_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "meeting_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_workspace_user_id_workspace_users_id_fk" FOREIGN KEY ("workspace_user_id") REFERENCES "public"."workspace_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_index" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_meeting_idx" ON "notifications" USING btree ("meeting_id") WHERE "notifications"."meeting_id" is not null;--> statement-breakpoint
-- Hand-written (issue 10): a task's references before a change now carry its meeting_id too (7th element), so
-- that the viewers of the meeting a task was moved out of hear of it (findTaskAudience). The function is
-- otherwise migration 0007's.
CREATE OR REPLACE FUNCTION tasuki_publish_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entity text := TG_ARGV[0];
  mode text := TG_ARGV[1];
  id_column text := TG_ARGV[2];
  ws_column text := TG_ARGV[3];
  at text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
  changes jsonb;
  payload text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_array(n.j ->> ws_column, n.j ->> id_column,
             CASE WHEN mode = 'part' THEN 'updated' ELSE 'created' END,
             CASE WHEN entity = 'workspace_user_event'
               THEN jsonb_build_array(n.j -> 'workspace_user_id', n.j -> 'created_at') END))
    INTO changes FROM (SELECT to_jsonb(r) AS j FROM tasuki_new_rows r) n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_array(o.j ->> ws_column, o.j ->> id_column,
             CASE WHEN mode = 'part' THEN 'updated' ELSE 'deleted' END,
             -- A task removed for good: whoever saw it must hear of it, and it can no longer be read.
             CASE WHEN entity = 'task' THEN jsonb_build_array(o.j -> 'assignee_id', o.j -> 'manager_id',
               o.j -> 'created_by', o.j -> 'group_id', o.j -> 'project_id', o.j -> 'is_public', o.j -> 'meeting_id') END))
    INTO changes FROM (SELECT to_jsonb(r) AS j FROM tasuki_old_rows r) o;
  ELSIF mode = 'part' THEN
    SELECT jsonb_agg(jsonb_build_array(x.j ->> ws_column, x.j ->> id_column, 'updated', NULL))
    INTO changes FROM (SELECT to_jsonb(r) AS j FROM tasuki_new_rows r
                       UNION ALL SELECT to_jsonb(r) FROM tasuki_old_rows r) x;
  ELSE
    SELECT jsonb_agg(jsonb_build_array(n.j ->> ws_column, n.j ->> id_column,
             CASE WHEN o.j ->> 'deleted_at' IS NULL AND n.j ->> 'deleted_at' IS NOT NULL THEN 'deleted'
                  WHEN o.j ->> 'deleted_at' IS NOT NULL AND n.j ->> 'deleted_at' IS NULL THEN 'restored'
                  ELSE 'updated' END,
             -- A task whose audience changed: its former audience must hear that it left them.
             CASE WHEN entity = 'task' AND jsonb_build_array(o.j -> 'assignee_id', o.j -> 'manager_id',
                    o.j -> 'created_by', o.j -> 'group_id', o.j -> 'project_id', o.j -> 'is_public', o.j -> 'meeting_id')
                  IS DISTINCT FROM jsonb_build_array(n.j -> 'assignee_id', n.j -> 'manager_id', n.j -> 'created_by',
                    n.j -> 'group_id', n.j -> 'project_id', n.j -> 'is_public', n.j -> 'meeting_id')
               THEN jsonb_build_array(o.j -> 'assignee_id', o.j -> 'manager_id', o.j -> 'created_by',
                    o.j -> 'group_id', o.j -> 'project_id', o.j -> 'is_public', o.j -> 'meeting_id') END))
    INTO changes
    FROM (SELECT to_jsonb(r) AS j FROM tasuki_new_rows r) n
    JOIN (SELECT to_jsonb(r) AS j FROM tasuki_old_rows r) o ON o.j -> 'id' = n.j -> 'id';
  END IF;
  IF changes IS NULL THEN RETURN NULL; END IF;
  FOR payload IN
    SELECT jsonb_build_object('w', ws, 'e', entity, 'a', action, 'at', at,
             'rows', jsonb_agg(jsonb_build_array(id, extra) ORDER BY id))::text
    FROM (SELECT d.*, (row_number() OVER (PARTITION BY ws, action ORDER BY id) - 1) / 20 AS chunk
          FROM (SELECT DISTINCT ON (ws, id, action) ws, id, action, extra
                FROM (SELECT c ->> 0 AS ws, c ->> 1 AS id, c ->> 2 AS action, c -> 3 AS extra
                      FROM jsonb_array_elements(changes) c) e
                WHERE ws IS NOT NULL AND id IS NOT NULL
                ORDER BY ws, id, action, extra NULLS LAST) d) grouped
    GROUP BY ws, action, chunk
  LOOP
    PERFORM pg_notify('tasuki_events', payload);
  END LOOP;
  RETURN NULL;
END;
$$;
