ALTER TABLE "users" ADD COLUMN "mail_approval_requests" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_approval_decisions" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_lead_messages" boolean DEFAULT true NOT NULL;