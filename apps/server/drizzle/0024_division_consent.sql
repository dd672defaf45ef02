ALTER TABLE "companies" ADD COLUMN "consent_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "consent_text" text DEFAULT '' NOT NULL;