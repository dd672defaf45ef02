ALTER TABLE "webhook_deliveries" ALTER COLUMN "next_attempt_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "claimed_by" text;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
-- Deliveries queued as pg-boss jobs before decision 033 are due now and sent by the delivery worker; their jobs are dropped (no worker takes them any more).
UPDATE "webhook_deliveries" SET "next_attempt_at" = now() WHERE "status" = 'pending' AND "next_attempt_at" IS NULL;--> statement-breakpoint
DO $$ BEGIN IF to_regclass('jobs.job') IS NOT NULL THEN DELETE FROM jobs.job WHERE name = 'webhook-delivery'; END IF; END $$;
