-- `events` becomes a table partitioned by month of occurred_at (docs/decisions/008).
-- The monthly partitions themselves are made at start by modules/events/partitions.ts;
-- until then, and for months outside the prepared window, rows go to events_default.
ALTER TABLE "events" RENAME TO "events_unpartitioned";--> statement-breakpoint
ALTER TABLE "events_unpartitioned" RENAME CONSTRAINT "events_pkey" TO "events_unpartitioned_pkey";--> statement-breakpoint
ALTER INDEX "events_occurred_brin" RENAME TO "events_unpartitioned_brin";--> statement-breakpoint
ALTER INDEX "events_profile_idx" RENAME TO "events_unpartitioned_profile_idx";--> statement-breakpoint
ALTER SEQUENCE "events_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint DEFAULT nextval('events_id_seq') NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"action" text NOT NULL,
	"type" text NOT NULL,
	"label" text,
	"value" text,
	"visitor_hash" text,
	CONSTRAINT "events_id_occurred_at_pk" PRIMARY KEY("id","occurred_at")
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
ALTER SEQUENCE "events_id_seq" OWNED BY "events"."id";--> statement-breakpoint
CREATE TABLE "events_default" PARTITION OF "events" DEFAULT;--> statement-breakpoint
CREATE INDEX "events_occurred_brin" ON "events" USING brin ("occurred_at");--> statement-breakpoint
CREATE INDEX "events_profile_idx" ON "events" USING btree ("profile_id","occurred_at");--> statement-breakpoint
INSERT INTO "events" SELECT * FROM "events_unpartitioned";--> statement-breakpoint
DROP TABLE "events_unpartitioned";
