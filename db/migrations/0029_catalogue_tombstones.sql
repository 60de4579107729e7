-- Tombstones of deleted catalogue items (lib/data/catalogue-writes.ts deleteCatalogueEntity): the
-- row stays, so its public id answers 410 Gone (or redirects to the item it was merged into:
-- merged_into_id) and a revert restores it. A merged movie is removed and redirects through
-- movie_redirects instead, so movies have no merged_into_id.
ALTER TABLE "movies" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
-- The persons list reads persons not deleted by name (0010: an index-only scan that carries
-- search_text); the partial index keeps it index-only with the tombstone condition.
DROP INDEX IF EXISTS "persons_name_key_idx";--> statement-breakpoint
CREATE INDEX "persons_name_key_idx" ON "persons" USING btree ("name_key", "id") INCLUDE ("search_text") WHERE deleted_at IS NULL;
