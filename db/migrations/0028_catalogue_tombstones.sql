ALTER TABLE "movies" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "merged_into_id" integer;