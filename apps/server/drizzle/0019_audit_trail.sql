ALTER TABLE "audit_log" ADD COLUMN "company_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_company_created_idx" ON "audit_log" USING btree ("company_id","created_at");
--> statement-breakpoint
-- Lines written before the column: the division named in the target (`company:5`, `user:3 company:5 user→supervisor`).
UPDATE "audit_log" SET "company_id" = substring("target" from 'company:([0-9]{1,9})')::integer WHERE "target" ~ 'company:[0-9]{1,9}';
