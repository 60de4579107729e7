-- The persons list filtered by a name word (`q`: search_text LIKE '%word%') is ordered by the name
-- key. Carrying search_text in the name index lets that filter run on index entries alone (an
-- index-only scan: no heap page per skipped person), so walking the name order past persons
-- without the word costs little even when the planner misjudges how common the word is; the
-- list reads the page's ids this way first, then the rows (lib/data/persons.ts).
DROP INDEX IF EXISTS "persons_name_key_idx";--> statement-breakpoint
CREATE INDEX "persons_name_key_idx" ON "persons" USING btree ("name_key", "id") INCLUDE ("search_text");
