CREATE TABLE "external_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"link_id" uuid,
	"notification_id" uuid,
	"service" text NOT NULL,
	"channel_id" text NOT NULL,
	"text" text NOT NULL,
	"url" text,
	"dedupe_key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"slot_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"workspace_user_id" uuid NOT NULL,
	"service" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"external_user_id" text NOT NULL,
	"external_name" text DEFAULT '' NOT NULL,
	"room_id" text NOT NULL,
	"kinds" jsonb DEFAULT '{"assigned":true,"status":true,"reminder":true,"meeting":true}'::jsonb NOT NULL,
	"access_token_encrypted" text,
	"refresh_token_encrypted" text,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_rate_slots" (
	"key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "external_routes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"group_id" uuid,
	"project_id" uuid,
	"channel_id" text NOT NULL,
	"channel_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_routes_one_target" CHECK (("external_routes"."group_id" is null) <> ("external_routes"."project_id" is null))
);
--> statement-breakpoint
CREATE TABLE "workspace_external_services" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"service" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"external_id" text,
	"external_name" text,
	"bot_user_id" text,
	"connected_by" uuid,
	"connected_at" timestamp with time zone,
	"broken_at" timestamp with time zone,
	"broken_reason" text,
	"access_token_encrypted" text,
	"refresh_token_encrypted" text,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_deliveries" ADD CONSTRAINT "external_deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_deliveries" ADD CONSTRAINT "external_deliveries_connection_id_workspace_external_services_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."workspace_external_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_deliveries" ADD CONSTRAINT "external_deliveries_link_id_external_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."external_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_deliveries" ADD CONSTRAINT "external_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_links" ADD CONSTRAINT "external_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_links" ADD CONSTRAINT "external_links_connection_id_workspace_external_services_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."workspace_external_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_links" ADD CONSTRAINT "external_links_workspace_user_id_workspace_users_id_fk" FOREIGN KEY ("workspace_user_id") REFERENCES "public"."workspace_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_routes" ADD CONSTRAINT "external_routes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_routes" ADD CONSTRAINT "external_routes_connection_id_workspace_external_services_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."workspace_external_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_routes" ADD CONSTRAINT "external_routes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_routes" ADD CONSTRAINT "external_routes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_external_services" ADD CONSTRAINT "workspace_external_services_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_external_services" ADD CONSTRAINT "workspace_external_services_connected_by_workspace_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."workspace_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_deliveries_dedupe_key" ON "external_deliveries" USING btree ("connection_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "external_deliveries_connection_state_idx" ON "external_deliveries" USING btree ("connection_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "external_links_person_key" ON "external_links" USING btree ("workspace_user_id","service");--> statement-breakpoint
CREATE INDEX "external_links_connection_id_index" ON "external_links" USING btree ("connection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_routes_group_key" ON "external_routes" USING btree ("connection_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_routes_project_key" ON "external_routes" USING btree ("connection_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_external_services_service_key" ON "workspace_external_services" USING btree ("workspace_id","service");--> statement-breakpoint
-- Hand-written (integrations): connections, links and routes are in the workspace's audit log; the trigger leaves
-- out every column named like a token. Deliveries (one per message) and rate slots are not history worth keeping.
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON workspace_external_services FOR EACH ROW EXECUTE FUNCTION tasuki_audit('workspace_external_service');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON external_links FOR EACH ROW EXECUTE FUNCTION tasuki_audit('external_link');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON external_routes FOR EACH ROW EXECUTE FUNCTION tasuki_audit('external_route');
