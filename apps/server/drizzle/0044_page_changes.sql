CREATE TABLE "page_changes" (
	"company_id" integer NOT NULL,
	"xid" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_changes_xid_idx" ON "page_changes" USING btree ("xid");
--> statement-breakpoint
-- Decision 036: what a division's published pages show changed; every server's page cache reads
-- these rows (committed since it last looked) instead of checking each page it holds every second.
-- Appended, never upserted: an upsert would lock the division's row until commit, and two
-- transactions that each hold a profile the other wants would then wait on each other.
CREATE FUNCTION "note_page_change"(division integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "page_changes" ("company_id", "xid") VALUES (division, pg_current_xact_id()::text::bigint)
$$;
--> statement-breakpoint
CREATE FUNCTION "profiles_page_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "note_page_change"(OLD."company_id"); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."company_id" IS DISTINCT FROM OLD."company_id") THEN
    PERFORM "note_page_change"(NEW."company_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "profiles_page_change_write" AFTER INSERT OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "profiles_page_change"();
--> statement-breakpoint
-- Only what a page check reads (public-pages.queries.ts, publishedEtagByAlias): a draft edit is no change.
CREATE TRIGGER "profiles_page_change_update" AFTER UPDATE ON "profiles" FOR EACH ROW
  WHEN (
    OLD."published_etag" IS DISTINCT FROM NEW."published_etag"
    OR OLD."published_at" IS DISTINCT FROM NEW."published_at"
    OR (OLD."published_html" IS NULL) <> (NEW."published_html" IS NULL)
    OR OLD."alias" IS DISTINCT FROM NEW."alias"
    OR OLD."company_id" IS DISTINCT FROM NEW."company_id"
    OR OLD."next_change_at" IS DISTINCT FROM NEW."next_change_at"
    OR OLD."offboard_outcome" IS DISTINCT FROM NEW."offboard_outcome"
    OR OLD."offboard_successor_id" IS DISTINCT FROM NEW."offboard_successor_id"
  )
  EXECUTE FUNCTION "profiles_page_change"();
--> statement-breakpoint
CREATE FUNCTION "companies_page_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "note_page_change"(OLD."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_page_change_update" AFTER UPDATE ON "companies" FOR EACH ROW
  WHEN (OLD."archived_at" IS DISTINCT FROM NEW."archived_at" OR OLD."title" IS DISTINCT FROM NEW."title")
  EXECUTE FUNCTION "companies_page_change"();
--> statement-breakpoint
CREATE TRIGGER "companies_page_change_delete" AFTER DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION "companies_page_change"();
