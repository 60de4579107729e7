ALTER TABLE "collection_imports" ALTER COLUMN "report" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_imports" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_imports" ADD COLUMN "rows_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_imports" ADD COLUMN "rows_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_imports" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "collection_imports" ADD COLUMN "runner" text;--> statement-breakpoint
ALTER TABLE "collection_imports" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_imports" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_imports_active_key" ON "collection_imports" USING btree ("collection_id") WHERE status IN ('queued', 'running');--> statement-breakpoint
-- Imports made before the jobs were synchronous and are done: their counts and end come from the report.
UPDATE "collection_imports" SET "rows_total" = coalesce(("report" -> 'counts' ->> 'rows')::int, 0),
  "rows_done" = coalesce(("report" -> 'counts' ->> 'rows')::int, 0), "finished_at" = "created_at";
