DROP INDEX "movies_language_keys_idx";--> statement-breakpoint
DROP INDEX "releases_language_keys_idx";--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "language_keys" text[] GENERATED ALWAYS AS (lower_text_array(spoken_languages)) STORED;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "language_keys" text[] GENERATED ALWAYS AS (release_language_keys(audio_tracks, subtitles)) STORED;--> statement-breakpoint
CREATE INDEX "movies_language_keys_idx" ON "movies" USING gin ("language_keys");--> statement-breakpoint
CREATE INDEX "releases_language_keys_idx" ON "releases" USING gin ("language_keys");