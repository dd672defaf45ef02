ALTER TABLE "approvals" ADD COLUMN "requested_content" jsonb;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "requested_version" integer;