CREATE TABLE "template_rebuilds" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"master_id" integer NOT NULL,
	"created_by" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"rebuilt" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"after_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "template_rebuilds" ADD CONSTRAINT "template_rebuilds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_rebuilds" ADD CONSTRAINT "template_rebuilds_master_id_profiles_id_fk" FOREIGN KEY ("master_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_rebuilds" ADD CONSTRAINT "template_rebuilds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Decision 034: a stored page is written uncompressed (out of line). Compressing it (pglz) was most
-- of the time a template's rebuild spent writing 10,000 pages; pages are ~2.4x larger on disk.
ALTER TABLE "profiles" ALTER COLUMN "published_html" SET STORAGE EXTERNAL;
