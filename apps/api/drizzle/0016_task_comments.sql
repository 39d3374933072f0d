CREATE TABLE "task_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"mentions" jsonb DEFAULT '{"staff":[],"groups":[]}'::jsonb NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_watchers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_author_id_workspace_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."workspace_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_watchers" ADD CONSTRAINT "task_watchers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_watchers" ADD CONSTRAINT "task_watchers_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_watchers" ADD CONSTRAINT "task_watchers_staff_id_workspace_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."workspace_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_comments_task_id_created_at_index" ON "task_comments" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "task_comments_workspace_id_created_at_index" ON "task_comments" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "task_watchers_task_id_staff_id_index" ON "task_watchers" USING btree ("task_id","staff_id");--> statement-breakpoint
CREATE INDEX "task_watchers_staff_id_index" ON "task_watchers" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_id_created_at_index" ON "audit_logs" USING btree ("entity_id","created_at");--> statement-breakpoint
-- Audit log (0006) and realtime (0007, decision 0021): a comment or a watcher is a part of its task, announced
-- with the task's id under its own entity name, so the server applies the task's visibility rule to it and the
-- client refreshes only that task's comments, watchers and activity.
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON task_comments FOR EACH ROW EXECUTE FUNCTION tasuki_audit('task_comment');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON task_watchers FOR EACH ROW EXECUTE FUNCTION tasuki_audit('task_watcher');--> statement-breakpoint
SELECT tasuki_track_events('task_comments', 'task_comment', 'part', 'task_id');--> statement-breakpoint
SELECT tasuki_track_events('task_watchers', 'task_watcher', 'part', 'task_id');
