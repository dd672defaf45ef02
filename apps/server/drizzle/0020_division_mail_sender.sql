ALTER TABLE "companies" ADD COLUMN "mail_from_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "mail_from_address" text;