CREATE TABLE "company_daily_stats" (
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"action" text NOT NULL,
	"type" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_daily_stats_company_id_day_action_type_label_pk" PRIMARY KEY("company_id","day","action","type","label")
);
--> statement-breakpoint
CREATE TABLE "daily_filtered" (
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_filtered_profile_id_day_pk" PRIMARY KEY("profile_id","day")
);
--> statement-breakpoint
CREATE TABLE "daily_stats" (
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"action" text NOT NULL,
	"type" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_stats_profile_id_day_action_type_label_pk" PRIMARY KEY("profile_id","day","action","type","label")
);
--> statement-breakpoint
CREATE TABLE "daily_visitors" (
	"day" date NOT NULL,
	"profile_id" integer NOT NULL,
	"action" text NOT NULL,
	"type" text NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "daily_visitors_day_profile_id_action_type_visitor_hash_pk" PRIMARY KEY("day","profile_id","action","type","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "profile_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" jsonb NOT NULL,
	"published_content" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"amount_gross" integer NOT NULL,
	"currency" text DEFAULT 'ZAR' NOT NULL,
	"billing_date" timestamp with time zone NOT NULL,
	"expiration_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_publications" ADD CONSTRAINT "profile_publications_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_publications" ADD CONSTRAINT "profile_publications_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_histories" ADD CONSTRAINT "purchase_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_histories" ADD CONSTRAINT "purchase_histories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_filtered_company_day_idx" ON "daily_filtered" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "daily_stats_company_action_day_idx" ON "daily_stats" USING btree ("company_id","action","day");--> statement-breakpoint
CREATE INDEX "profile_publications_profile_idx" ON "profile_publications" USING btree ("profile_id","published_at");--> statement-breakpoint
CREATE INDEX "purchase_histories_user_idx" ON "purchase_histories" USING btree ("user_id","billing_date");