ALTER TABLE "profiles" ADD COLUMN "published_br" "bytea";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "published_gzip" "bytea";--> statement-breakpoint
-- Decision 035: already compressed, so never compressed again (pglz would only spend time finding that out).
ALTER TABLE "profiles" ALTER COLUMN "published_br" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "published_gzip" SET STORAGE EXTERNAL;
