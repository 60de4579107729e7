ALTER TABLE "revisions" ADD COLUMN "undone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Revisions reverted before this column existed: undone when some revert of them stands, that is a
-- revert not itself undone (the rule of lib/data/revisions.ts, applied down each chain of reverts).
CREATE FUNCTION pg_temp.revision_undone(rid bigint) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM revisions v WHERE v.reverts_id = rid AND v.kind = 'revert' AND NOT pg_temp.revision_undone(v.id));
END $$;--> statement-breakpoint
UPDATE "revisions" r SET "undone" = true
  WHERE r.kind <> 'revert' AND EXISTS (SELECT 1 FROM revisions v WHERE v.reverts_id = r.id)
    AND pg_temp.revision_undone(r.id);
