ALTER TABLE "approvals" ADD COLUMN "requested_content" jsonb;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "requested_version" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "published_lead_form" jsonb;