CREATE INDEX "movies_undated_idx" ON "movies" USING btree ("id") WHERE year IS NULL;--> statement-breakpoint
CREATE INDEX "releases_undated_idx" ON "releases" USING btree ("id") WHERE street_date IS NULL;--> statement-breakpoint
CREATE INDEX "releases_cut_unmeasured_idx" ON "releases" USING btree ("id") WHERE is_cut AND cut_seconds IS NULL;--> statement-breakpoint
CREATE INDEX "releases_no_movie_year_idx" ON "releases" USING btree ("id") WHERE movie_year IS NULL;