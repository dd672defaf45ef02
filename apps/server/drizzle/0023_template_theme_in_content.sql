-- Templates made in the divisions console before this fix kept their theme only in the
-- column, so every child's checklist asked for a "Template" nobody could give. Copy the
-- column into the document where the document has no theme of its own.
UPDATE "profiles"
SET "content" = "content" || jsonb_build_object('stylingId', "styling_id")
WHERE "is_master" AND "styling_id" IS NOT NULL AND NOT ("content" ? 'stylingId');
