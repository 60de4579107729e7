ALTER TABLE "collection_entries" ADD COLUMN "item_key" text COLLATE "C";--> statement-breakpoint
UPDATE "collection_entries" e SET "item_key" = coalesce(
  (SELECT r.name_key FROM releases r WHERE r.id = e.release_id),
  (SELECT m.title_key FROM movies m WHERE m.id = e.movie_id));--> statement-breakpoint
ALTER TABLE "collection_entries" ALTER COLUMN "item_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "collection_entries_item_key_idx" ON "collection_entries" USING btree ("collection_id","item_key","id");
--> statement-breakpoint
-- An entry's item key as it is written (whatever writes it: the data layer, an import, a fixture).
CREATE FUNCTION collection_entries_item_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.item_key := coalesce(
    (SELECT r.name_key FROM releases r WHERE r.id = NEW.release_id),
    (SELECT m.title_key FROM movies m WHERE m.id = NEW.movie_id));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER collection_entries_item_key BEFORE INSERT OR UPDATE OF release_id, movie_id ON "collection_entries"
  FOR EACH ROW EXECUTE FUNCTION collection_entries_item_key();
--> statement-breakpoint
-- A renamed release or movie carries its new key to the entries that hold it (one function for
-- both tables: each branch reads only the key column of its own table).
CREATE FUNCTION entries_item_key_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'releases' THEN
    UPDATE collection_entries SET item_key = NEW.name_key WHERE release_id = NEW.id;
  ELSE
    UPDATE collection_entries SET item_key = NEW.title_key WHERE movie_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER releases_entry_item_key AFTER UPDATE OF name_key ON "releases"
  FOR EACH ROW WHEN (OLD.name_key IS DISTINCT FROM NEW.name_key) EXECUTE FUNCTION entries_item_key_renamed();
--> statement-breakpoint
CREATE TRIGGER movies_entry_item_key AFTER UPDATE OF title_key ON "movies"
  FOR EACH ROW WHEN (OLD.title_key IS DISTINCT FROM NEW.title_key) EXECUTE FUNCTION entries_item_key_renamed();
