CREATE INDEX "users_admin_idx" ON "users" USING btree ("id") WHERE role = 'admin';--> statement-breakpoint
-- Catalogue rows are edited in place (approved change requests, counters): a tenth of each page is
-- left free so that an edit of columns no index covers is a heap-only update, with no new entry in
-- any of the table's indexes (a release has 24; at a million releases an edit that moved its row
-- read about 27 cold index pages, 40-100 ms). Pages written from now on keep the space (the seed
-- import, synthetic rows); an existing large database gets it for every row with VACUUM FULL.
ALTER TABLE "releases" SET (fillfactor = 90);--> statement-breakpoint
ALTER TABLE "movies" SET (fillfactor = 90);--> statement-breakpoint
ALTER TABLE "persons" SET (fillfactor = 90);--> statement-breakpoint
ALTER TABLE "labels" SET (fillfactor = 90);
