DROP INDEX "movies_title_key_pattern_idx";--> statement-breakpoint
DROP INDEX "persons_name_key_pattern_idx";--> statement-breakpoint
DROP INDEX "labels_name_key_pattern_idx";--> statement-breakpoint
DROP INDEX "releases_name_key_pattern_idx";--> statement-breakpoint
ALTER TABLE "movies" ALTER COLUMN "title_key" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "production_companies" ALTER COLUMN "name_key" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "persons" ALTER COLUMN "name_key" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "labels" ALTER COLUMN "name_key" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "releases" ALTER COLUMN "name_key" SET DATA TYPE text COLLATE "C";