ALTER TABLE "companies" ADD COLUMN "contact_retention_months" integer;--> statement-breakpoint
ALTER TABLE "lead_submissions" ADD COLUMN "source" text DEFAULT 'lead_form' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_submissions" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "lead_submissions_company_idx" ON "lead_submissions" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lead_submissions_search_trgm_idx" ON "lead_submissions" USING gin ((lower(coalesce("data"->>'name', '') || ' ' || coalesce("data"->>'email', '') || ' ' || coalesce("data"->>'mobile', '') || ' ' || coalesce("data"->>'company', ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lead_submissions_email_idx" ON "lead_submissions" USING btree (lower("data"->>'email'));