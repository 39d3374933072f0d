-- The audit log of every workspace: one trigger function on each workspace-scoped table writes the changed
-- fields (before/after) with the actor from the transaction-local setting tasuki.actor (set by db/actor.ts).
-- Secrets (hashes) and bookkeeping columns are never copied.
CREATE FUNCTION tasuki_audit() RETURNS trigger LANGUAGE plpgsql AS $$
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
       OR key IN ('updated_at', 'created_at', 'deleted_batch', 'periodic_touched') THEN
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
--> statement-breakpoint
-- Append-only for the product: nothing rewrites or removes history.
CREATE FUNCTION tasuki_audit_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION tasuki_audit_refuse();
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON workspaces FOR EACH ROW EXECUTE FUNCTION tasuki_audit('workspace');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON workspace_users FOR EACH ROW EXECUTE FUNCTION tasuki_audit('workspace_user');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON group_types FOR EACH ROW EXECUTE FUNCTION tasuki_audit('group_type');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON official_positions FOR EACH ROW EXECUTE FUNCTION tasuki_audit('official_position');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON groups FOR EACH ROW EXECUTE FUNCTION tasuki_audit('group');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON group_members FOR EACH ROW EXECUTE FUNCTION tasuki_audit('group_member');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON projects FOR EACH ROW EXECUTE FUNCTION tasuki_audit('project');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON project_members FOR EACH ROW EXECUTE FUNCTION tasuki_audit('project_member');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON primary_items FOR EACH ROW EXECUTE FUNCTION tasuki_audit('primary_item');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON secondary_items FOR EACH ROW EXECUTE FUNCTION tasuki_audit('secondary_item');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON tasks FOR EACH ROW EXECUTE FUNCTION tasuki_audit('task');
