CREATE TABLE "wallet_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_library_id" text NOT NULL,
	"profile_id" integer NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD CONSTRAINT "wallet_registrations_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_registrations_device_profile_idx" ON "wallet_registrations" USING btree ("device_library_id","profile_id");--> statement-breakpoint
CREATE INDEX "wallet_registrations_profile_idx" ON "wallet_registrations" USING btree ("profile_id");