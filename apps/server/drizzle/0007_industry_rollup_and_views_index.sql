CREATE TABLE "industry_daily_stats" (
	"day" date NOT NULL,
	"action" text NOT NULL,
	"type" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "industry_daily_stats_day_action_type_pk" PRIMARY KEY("day","action","type")
);
--> statement-breakpoint
CREATE INDEX "daily_stats_company_page_views_idx" ON "daily_stats" USING btree ("company_id","day","profile_id","count","visitors") WHERE "daily_stats"."action" = 'view' and "daily_stats"."type" = 'page';--> statement-breakpoint
INSERT INTO "industry_daily_stats" ("day", "action", "type", "count")
SELECT "day", "action", "type", sum("count")::int FROM "company_daily_stats" GROUP BY 1, 2, 3;
