CREATE TABLE "weekly_report_sends" (
	"workspace_user_id" uuid NOT NULL,
	"week_start" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "weekly_report_sends_workspace_user_id_week_start_pk" PRIMARY KEY("workspace_user_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "weekly_report" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_report_sends" ADD CONSTRAINT "weekly_report_sends_workspace_user_id_workspace_users_id_fk" FOREIGN KEY ("workspace_user_id") REFERENCES "public"."workspace_users"("id") ON DELETE cascade ON UPDATE no action;