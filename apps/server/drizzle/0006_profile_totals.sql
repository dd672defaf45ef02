CREATE TABLE "profile_totals" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "profile_totals_company_views_idx" ON "profile_totals" USING btree ("company_id","views");--> statement-breakpoint
CREATE INDEX "profiles_company_updated_idx" ON "profiles" USING btree ("company_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "profiles"."is_master";--> statement-breakpoint
INSERT INTO "profile_totals" ("profile_id", "company_id", "views")
SELECT "profile_id", min("company_id"), sum("count")::int FROM "daily_stats" WHERE "action" = 'view' GROUP BY "profile_id";
