ALTER TABLE "daily_visitors" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_visitors" DROP CONSTRAINT "daily_visitors_day_profile_id_action_type_visitor_hash_pk";--> statement-breakpoint
ALTER TABLE "daily_visitors" ADD CONSTRAINT "daily_visitors_day_profile_id_action_type_label_visitor_hash_pk" PRIMARY KEY("day","profile_id","action","type","label","visitor_hash");
