-- Search's prefix candidates (the first 200 names starting with the query, by name key and id) and
-- its count of up to 1,001 matches read movies not deleted and approved releases. With the
-- condition's column outside the name index each matching row was read from the heap and the
-- matches sorted: for "z" a bitmap heap scan of 1,459 movies or 2,773 releases (20-68 ms with
-- the pages not in memory, at a million releases). Carrying the column (and ordering movies by
-- title key and id, as search does) makes both index-only: under 1 ms.
DROP INDEX IF EXISTS "movies_title_key_idx";--> statement-breakpoint
CREATE INDEX "movies_title_key_idx" ON "movies" USING btree ("title_key","id") INCLUDE ("year","deleted_at");--> statement-breakpoint
DROP INDEX IF EXISTS "releases_name_idx";--> statement-breakpoint
CREATE INDEX "releases_name_idx" ON "releases" USING btree ("name_key","id") INCLUDE ("approved");
