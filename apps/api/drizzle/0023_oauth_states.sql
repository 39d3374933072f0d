ALTER TABLE "oidc_requests" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "oidc_requests" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "oidc_requests" ADD CONSTRAINT "oidc_requests_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;