ALTER TABLE "tasks" ADD COLUMN "occurrence_date" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "periodic_touched" boolean DEFAULT false NOT NULL;