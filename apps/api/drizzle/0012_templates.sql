CREATE TABLE "workspace_closed_days" (
	"workspace_id" uuid NOT NULL,
	"date" date NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	CONSTRAINT "workspace_closed_days_workspace_id_date_pk" PRIMARY KEY("workspace_id","date")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"day_basis" text DEFAULT 'business' NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"body" jsonb NOT NULL,
	"task_count" integer DEFAULT 0 NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_closed_days" ADD CONSTRAINT "workspace_closed_days_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_workspace_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."workspace_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "templates_workspace_id_kind_position_index" ON "templates" USING btree ("workspace_id","kind","position");