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
-- Once per transaction and division (remembered in a transaction-local setting, which a rolled
-- back savepoint forgets with its row): a template rebuild of 10,000 children appends one row
-- per batch. A row per profile made a 10,000-child rebuild on PGlite 12 % slower; a trigger per
-- statement over transition tables copied every stored page of a batch aside (decision 036).
CREATE FUNCTION "note_page_change"(division integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  noted text := coalesce(current_setting('profilehub.page_changes', true), '');
BEGIN
  IF division IS NULL OR position(',' || division || ',' IN noted) > 0 THEN RETURN; END IF;
  INSERT INTO "page_changes" ("company_id", "xid") VALUES (division, pg_current_xact_id()::text::bigint);
  PERFORM set_config('profilehub.page_changes', CASE WHEN noted = '' THEN ',' ELSE noted END || division || ',', true);
END $$;
--> statement-breakpoint
CREATE FUNCTION "profiles_page_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "note_page_change"(OLD."company_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "note_page_change"(NEW."company_id"); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The WHEN clauses also skip a division this transaction has noted already, so the function runs
-- once per division and transaction, not once per profile (the same test as note_page_change's).
CREATE TRIGGER "profiles_page_change_insert" AFTER INSERT ON "profiles" FOR EACH ROW
  WHEN (position(',' || NEW."company_id" || ',' IN coalesce(current_setting('profilehub.page_changes', true), '')) = 0)
  EXECUTE FUNCTION "profiles_page_change"();
--> statement-breakpoint
CREATE TRIGGER "profiles_page_change_delete" AFTER DELETE ON "profiles" FOR EACH ROW
  WHEN (position(',' || OLD."company_id" || ',' IN coalesce(current_setting('profilehub.page_changes', true), '')) = 0)
  EXECUTE FUNCTION "profiles_page_change"();
--> statement-breakpoint
-- Only what a page check reads (public-pages.queries.ts, publishedEtagByAlias): a draft edit is no change.
CREATE TRIGGER "profiles_page_change_update" AFTER UPDATE ON "profiles" FOR EACH ROW
  WHEN (
    (
      OLD."published_etag" IS DISTINCT FROM NEW."published_etag"
      OR OLD."published_at" IS DISTINCT FROM NEW."published_at"
      OR (OLD."published_html" IS NULL) <> (NEW."published_html" IS NULL)
      OR OLD."alias" IS DISTINCT FROM NEW."alias"
      OR OLD."company_id" IS DISTINCT FROM NEW."company_id"
      OR OLD."next_change_at" IS DISTINCT FROM NEW."next_change_at"
      OR OLD."offboard_outcome" IS DISTINCT FROM NEW."offboard_outcome"
      OR OLD."offboard_successor_id" IS DISTINCT FROM NEW."offboard_successor_id"
    ) AND (
      position(',' || NEW."company_id" || ',' IN coalesce(current_setting('profilehub.page_changes', true), '')) = 0
      OR position(',' || OLD."company_id" || ',' IN coalesce(current_setting('profilehub.page_changes', true), '')) = 0
    )
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
