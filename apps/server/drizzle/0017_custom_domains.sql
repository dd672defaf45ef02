ALTER TABLE "companies" ADD COLUMN "pending_domain" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "domain_token" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "custom_domain_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_custom_domain_unique" UNIQUE("custom_domain");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_pending_domain_unique" UNIQUE("pending_domain");