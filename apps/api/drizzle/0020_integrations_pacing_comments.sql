ALTER TABLE "external_links" ALTER COLUMN "kinds" SET DEFAULT '{"assigned":true,"status":true,"reminder":true,"meeting":true,"comment":true}'::jsonb;--> statement-breakpoint
ALTER TABLE "external_rate_slots" ADD COLUMN "last_sent_at" timestamp with time zone;--> statement-breakpoint
-- People linked before comments were a kind of notice receive them, as new links do.
UPDATE "external_links" SET "kinds" = "kinds" || '{"comment":true}'::jsonb WHERE NOT ("kinds" ? 'comment');
