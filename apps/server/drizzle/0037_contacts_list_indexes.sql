DROP INDEX "lead_submissions_profile_idx";--> statement-breakpoint
DROP INDEX "lead_submissions_company_idx";--> statement-breakpoint
CREATE INDEX "lead_submissions_company_source_idx" ON "lead_submissions" USING btree ("company_id","source","created_at","id");--> statement-breakpoint
CREATE INDEX "lead_submissions_created_idx" ON "lead_submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lead_submissions_profile_idx" ON "lead_submissions" USING btree ("profile_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lead_submissions_company_idx" ON "lead_submissions" USING btree ("company_id","created_at","id");