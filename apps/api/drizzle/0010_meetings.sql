CREATE TABLE "meeting_participants" (
	"workspace_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"workspace_user_id" uuid NOT NULL,
	CONSTRAINT "meeting_participants_meeting_id_workspace_user_id_pk" PRIMARY KEY("meeting_id","workspace_user_id")
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"meeting_type" text DEFAULT 'other' NOT NULL,
	"room_name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"organizer_id" uuid,
	"group_id" uuid,
	"project_id" uuid,
	"minutes" text DEFAULT '' NOT NULL,
	"minutes_version" integer DEFAULT 0 NOT NULL,
	"periodic_rule" jsonb,
	"periodic_series_id" uuid,
	"occurrence_date" text,
	"periodic_touched" boolean DEFAULT false NOT NULL,
	"carried_over_at" timestamp with time zone,
	"position" double precision DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "meetings_time_order" CHECK ("meetings"."starts_at" < "meetings"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "primary_items" ADD COLUMN "done" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "primary_items" ADD COLUMN "carried_from_id" uuid;--> statement-breakpoint
ALTER TABLE "secondary_items" ADD COLUMN "done" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "secondary_items" ADD COLUMN "carried_from_id" uuid;--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_workspace_user_id_workspace_users_id_fk" FOREIGN KEY ("workspace_user_id") REFERENCES "public"."workspace_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_organizer_id_workspace_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."workspace_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_created_by_workspace_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."workspace_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_participants_workspace_user_id_index" ON "meeting_participants" USING btree ("workspace_user_id");--> statement-breakpoint
CREATE INDEX "meetings_workspace_id_starts_at_index" ON "meetings" USING btree ("workspace_id","starts_at");--> statement-breakpoint
CREATE INDEX "meetings_periodic_series_id_occurrence_date_index" ON "meetings" USING btree ("periodic_series_id","occurrence_date");--> statement-breakpoint
ALTER TABLE "primary_items" ADD CONSTRAINT "primary_items_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_items" ADD CONSTRAINT "secondary_items_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_meeting_id_index" ON "tasks" USING btree ("meeting_id");--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON meetings FOR EACH ROW EXECUTE FUNCTION tasuki_audit('meeting');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON meeting_participants FOR EACH ROW EXECUTE FUNCTION tasuki_audit('meeting_participant');--> statement-breakpoint
SELECT tasuki_track_events('meetings', 'meeting');--> statement-breakpoint
SELECT tasuki_track_events('meeting_participants', 'meeting', 'part', 'meeting_id');
