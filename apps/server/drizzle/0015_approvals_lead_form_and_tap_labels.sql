ALTER TABLE "approvals" ADD COLUMN "requested_lead_form" jsonb;
