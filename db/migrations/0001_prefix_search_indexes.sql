CREATE INDEX "movies_title_key_pattern_idx" ON "movies" USING btree ("title_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "persons_name_key_pattern_idx" ON "persons" USING btree ("name_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "labels_name_key_pattern_idx" ON "labels" USING btree ("name_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "releases_name_key_pattern_idx" ON "releases" USING btree ("name_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "releases_movie_year_idx" ON "releases" USING btree ("movie_year","id");