-- Realtime (docs/decisions/0010-realtime.md): every committed change to a workspace-scoped table is announced on
-- the channel tasuki_events, which each API process LISTENs to. NOTIFY is delivered at commit only, so a
-- rolled-back write announces nothing, and every write path (requests, bulk calls, jobs, scripts) is covered.
--
-- Statement-level triggers with transition tables: one statement yields one notification per workspace, action
-- and chunk of 20 rows (a 10,000-row bulk update is 500 notifications, not 10,000), each well under the
-- 8,000-byte payload limit. Payload: {"w": workspace id, "e": entity, "a": action, "at": ISO instant,
-- "rows": [[id, extra], ...]}. extra carries what the server needs to decide who may see the row (a task's
-- references before the change) or what the client needs (a workspace-user change event's workspace_user_id
-- and created_at); the server never forwards it as is.
--
-- Trigger arguments: entity; mode ('row': the row is the entity; 'part': the row is a part of the entity named by
-- id_column, so any change of it is an update of that entity); id_column; workspace_column.
CREATE FUNCTION tasuki_publish_event() RETURNS trigger LANGUAGE plpgsql AS $$
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
               o.j -> 'created_by', o.j -> 'group_id', o.j -> 'project_id', o.j -> 'is_public') END))
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
                    o.j -> 'created_by', o.j -> 'group_id', o.j -> 'project_id', o.j -> 'is_public')
                  IS DISTINCT FROM jsonb_build_array(n.j -> 'assignee_id', n.j -> 'manager_id', n.j -> 'created_by',
                    n.j -> 'group_id', n.j -> 'project_id', n.j -> 'is_public')
               THEN jsonb_build_array(o.j -> 'assignee_id', o.j -> 'manager_id', o.j -> 'created_by',
                    o.j -> 'group_id', o.j -> 'project_id', o.j -> 'is_public') END))
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
--> statement-breakpoint
-- Puts the three statement triggers on a table; a later migration adding a workspace-scoped table calls this too.
CREATE FUNCTION tasuki_track_events(tbl regclass, entity text, mode text DEFAULT 'row', id_column text DEFAULT 'id',
                                    ws_column text DEFAULT 'workspace_id') RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  args text := format('%L, %L, %L, %L', entity, mode, id_column, ws_column);
BEGIN
  EXECUTE format('CREATE TRIGGER tasuki_events_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS tasuki_new_rows '
                 'FOR EACH STATEMENT EXECUTE FUNCTION tasuki_publish_event(%s)', tbl, args);
  EXECUTE format('CREATE TRIGGER tasuki_events_update AFTER UPDATE ON %s REFERENCING OLD TABLE AS tasuki_old_rows '
                 'NEW TABLE AS tasuki_new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasuki_publish_event(%s)', tbl, args);
  EXECUTE format('CREATE TRIGGER tasuki_events_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS tasuki_old_rows '
                 'FOR EACH STATEMENT EXECUTE FUNCTION tasuki_publish_event(%s)', tbl, args);
END;
$$;
--> statement-breakpoint
SELECT tasuki_track_events('workspaces', 'workspace', 'row', 'id', 'id');--> statement-breakpoint
SELECT tasuki_track_events('workspace_users', 'workspace_user');--> statement-breakpoint
-- 階層 and 役職 are part of the workspace's definitions (the workspace query carries them).
SELECT tasuki_track_events('group_types', 'workspace', 'part', 'workspace_id');--> statement-breakpoint
SELECT tasuki_track_events('official_positions', 'workspace', 'part', 'workspace_id');--> statement-breakpoint
SELECT tasuki_track_events('groups', 'group');--> statement-breakpoint
SELECT tasuki_track_events('group_members', 'group', 'part', 'group_id');--> statement-breakpoint
SELECT tasuki_track_events('projects', 'project');--> statement-breakpoint
SELECT tasuki_track_events('project_members', 'project', 'part', 'project_id');--> statement-breakpoint
SELECT tasuki_track_events('primary_items', 'primary_item');--> statement-breakpoint
SELECT tasuki_track_events('secondary_items', 'secondary_item');--> statement-breakpoint
SELECT tasuki_track_events('tasks', 'task');--> statement-breakpoint
SELECT tasuki_track_events('workspace_user_events', 'workspace_user_event');
