CREATE TABLE "primary_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid,
	"meeting_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_batch" uuid,
	CONSTRAINT "primary_items_one_parent" CHECK (("primary_items"."project_id" is null) <> ("primary_items"."meeting_id" is null))
);
--> statement-breakpoint
CREATE TABLE "secondary_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid,
	"meeting_id" uuid,
	"primary_item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_batch" uuid,
	CONSTRAINT "secondary_items_one_parent" CHECK (("secondary_items"."project_id" is null) <> ("secondary_items"."meeting_id" is null))
);
--> statement-breakpoint
CREATE TABLE "task_status_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_source" text,
	"status" text DEFAULT 'none' NOT NULL,
	"priority" text DEFAULT 'none' NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"assignee_id" uuid,
	"manager_id" uuid,
	"group_id" uuid,
	"project_id" uuid,
	"meeting_id" uuid,
	"primary_item_id" uuid,
	"secondary_item_id" uuid,
	"is_public" boolean DEFAULT false NOT NULL,
	"notification" jsonb,
	"periodic_rule" jsonb,
	"periodic_series_id" uuid,
	"position" double precision DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_batch" uuid
);
--> statement-breakpoint
ALTER TABLE "primary_items" ADD CONSTRAINT "primary_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primary_items" ADD CONSTRAINT "primary_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primary_items" ADD CONSTRAINT "primary_items_created_by_workspace_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."workspace_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_items" ADD CONSTRAINT "secondary_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_items" ADD CONSTRAINT "secondary_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_items" ADD CONSTRAINT "secondary_items_primary_item_id_primary_items_id_fk" FOREIGN KEY ("primary_item_id") REFERENCES "public"."primary_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_items" ADD CONSTRAINT "secondary_items_created_by_workspace_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."workspace_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_status_changes" ADD CONSTRAINT "task_status_changes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_status_changes" ADD CONSTRAINT "task_status_changes_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_status_changes" ADD CONSTRAINT "task_status_changes_changed_by_workspace_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."workspace_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_workspace_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."workspace_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_manager_id_workspace_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."workspace_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_primary_item_id_primary_items_id_fk" FOREIGN KEY ("primary_item_id") REFERENCES "public"."primary_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_secondary_item_id_secondary_items_id_fk" FOREIGN KEY ("secondary_item_id") REFERENCES "public"."secondary_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_workspace_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."workspace_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "primary_items_workspace_id_project_id_position_index" ON "primary_items" USING btree ("workspace_id","project_id","position");--> statement-breakpoint
CREATE INDEX "primary_items_workspace_id_meeting_id_position_index" ON "primary_items" USING btree ("workspace_id","meeting_id","position");--> statement-breakpoint
CREATE INDEX "secondary_items_workspace_id_primary_item_id_position_index" ON "secondary_items" USING btree ("workspace_id","primary_item_id","position");--> statement-breakpoint
CREATE INDEX "task_status_changes_task_id_changed_at_index" ON "task_status_changes" USING btree ("task_id","changed_at");--> statement-breakpoint
CREATE INDEX "tasks_workspace_id_assignee_id_expires_at_index" ON "tasks" USING btree ("workspace_id","assignee_id","expires_at");--> statement-breakpoint
CREATE INDEX "tasks_workspace_id_manager_id_expires_at_index" ON "tasks" USING btree ("workspace_id","manager_id","expires_at");--> statement-breakpoint
CREATE INDEX "tasks_workspace_id_group_id_expires_at_index" ON "tasks" USING btree ("workspace_id","group_id","expires_at");--> statement-breakpoint
CREATE INDEX "tasks_workspace_id_project_id_expires_at_index" ON "tasks" USING btree ("workspace_id","project_id","expires_at");--> statement-breakpoint
CREATE INDEX "tasks_workspace_id_is_public_expires_at_index" ON "tasks" USING btree ("workspace_id","is_public","expires_at");--> statement-breakpoint
CREATE INDEX "tasks_workspace_id_expires_at_index" ON "tasks" USING btree ("workspace_id","expires_at");--> statement-breakpoint
CREATE INDEX "tasks_primary_item_id_index" ON "tasks" USING btree ("primary_item_id");--> statement-breakpoint
CREATE INDEX "tasks_secondary_item_id_index" ON "tasks" USING btree ("secondary_item_id");--> statement-breakpoint
CREATE INDEX "tasks_periodic_series_id_index" ON "tasks" USING btree ("periodic_series_id");