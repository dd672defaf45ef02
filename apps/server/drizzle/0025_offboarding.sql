CREATE TABLE "offboardings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"successor_profile_id" integer,
	"moved" jsonb NOT NULL,
	"deactivated_by" integer,
	"deactivated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reactivated_by" integer,
	"reactivated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "offboarding_outcome" text DEFAULT 'gone' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "deactivated_by" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "offboard_outcome" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "offboard_successor_id" integer;--> statement-breakpoint
ALTER TABLE "offboardings" ADD CONSTRAINT "offboardings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offboardings" ADD CONSTRAINT "offboardings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offboardings" ADD CONSTRAINT "offboardings_deactivated_by_users_id_fk" FOREIGN KEY ("deactivated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offboardings" ADD CONSTRAINT "offboardings_reactivated_by_users_id_fk" FOREIGN KEY ("reactivated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offboardings_member_idx" ON "offboardings" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offboardings_one_open" ON "offboardings" USING btree ("user_id","company_id") WHERE "offboardings"."reactivated_at" is null;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_deactivated_by_users_id_fk" FOREIGN KEY ("deactivated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;