CREATE INDEX "releases_cut_seconds_idx" ON "releases" USING btree ("cut_seconds","id") WHERE cut_seconds IS NOT NULL;--> statement-breakpoint
CREATE INDEX "releases_label_street_date_idx" ON "releases" USING btree ("label_id","street_date","id");--> statement-breakpoint
CREATE INDEX "releases_label_name_idx" ON "releases" USING btree ("label_id","name_key","id");--> statement-breakpoint
CREATE INDEX "releases_label_format_idx" ON "releases" USING btree ("label_id","format") WHERE approved;--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id") WHERE "notifications"."actor_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_review_idx" ON "notifications" USING btree ("review_id") WHERE "notifications"."review_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id") WHERE "notifications"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id") WHERE "notifications"."comment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_movie_idx" ON "notifications" USING btree ("movie_id") WHERE "notifications"."movie_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_release_idx" ON "notifications" USING btree ("release_id") WHERE "notifications"."release_id" IS NOT NULL;