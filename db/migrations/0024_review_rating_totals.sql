CREATE TABLE "review_rating_totals" (
	"id" smallint PRIMARY KEY NOT NULL,
	"picture_n" bigint DEFAULT 0 NOT NULL,
	"picture_sum" bigint DEFAULT 0 NOT NULL,
	"sound_n" bigint DEFAULT 0 NOT NULL,
	"sound_sum" bigint DEFAULT 0 NOT NULL,
	"extras_n" bigint DEFAULT 0 NOT NULL,
	"extras_sum" bigint DEFAULT 0 NOT NULL,
	"package_n" bigint DEFAULT 0 NOT NULL,
	"package_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "review_rating_totals_one_row" CHECK ("review_rating_totals"."id" = 1)
);
--> statement-breakpoint
-- The totals as the reviews stand now.
INSERT INTO "review_rating_totals" SELECT 1, count(rating_picture), coalesce(sum(rating_picture), 0), count(rating_sound), coalesce(sum(rating_sound), 0), count(rating_extras), coalesce(sum(rating_extras), 0), count(rating_package), coalesce(sum(rating_package), 0)
  FROM "reviews" WHERE "release_id" IS NOT NULL;
--> statement-breakpoint
-- Adds what one statement on reviews changed: the rows it inserted, minus the rows it deleted, plus
-- the rows it updated as they are after minus as they were before, counting reviews that link a
-- release. A statement that changes no rating and no link (a like's counter, an edited text) does
-- not touch the totals row, so it takes no lock on it.
CREATE FUNCTION review_rating_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(rating_picture) AS picture_n, coalesce(sum(rating_picture), 0) AS picture_sum,
      count(rating_sound) AS sound_n, coalesce(sum(rating_sound), 0) AS sound_sum,
      count(rating_extras) AS extras_n, coalesce(sum(rating_extras), 0) AS extras_sum,
      count(rating_package) AS package_n, coalesce(sum(rating_package), 0) AS package_sum
      INTO d FROM new_rows WHERE release_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(rating_picture) AS picture_n, -coalesce(sum(rating_picture), 0) AS picture_sum,
      -count(rating_sound) AS sound_n, -coalesce(sum(rating_sound), 0) AS sound_sum,
      -count(rating_extras) AS extras_n, -coalesce(sum(rating_extras), 0) AS extras_sum,
      -count(rating_package) AS package_n, -coalesce(sum(rating_package), 0) AS package_sum
      INTO d FROM old_rows WHERE release_id IS NOT NULL;
  ELSE
    SELECT coalesce(sum(x.s * (x.rating_picture IS NOT NULL)::int), 0) AS picture_n, coalesce(sum(x.s * x.rating_picture), 0) AS picture_sum,
      coalesce(sum(x.s * (x.rating_sound IS NOT NULL)::int), 0) AS sound_n, coalesce(sum(x.s * x.rating_sound), 0) AS sound_sum,
      coalesce(sum(x.s * (x.rating_extras IS NOT NULL)::int), 0) AS extras_n, coalesce(sum(x.s * x.rating_extras), 0) AS extras_sum,
      coalesce(sum(x.s * (x.rating_package IS NOT NULL)::int), 0) AS package_n, coalesce(sum(x.s * x.rating_package), 0) AS package_sum
      INTO d FROM (
        SELECT 1 AS s, release_id, rating_picture, rating_sound, rating_extras, rating_package FROM new_rows
        UNION ALL
        SELECT -1, release_id, rating_picture, rating_sound, rating_extras, rating_package FROM old_rows
      ) x WHERE x.release_id IS NOT NULL;
  END IF;
  IF d.picture_n <> 0 OR d.picture_sum <> 0 OR d.sound_n <> 0 OR d.sound_sum <> 0 OR d.extras_n <> 0 OR d.extras_sum <> 0 OR d.package_n <> 0 OR d.package_sum <> 0 THEN
    UPDATE review_rating_totals t SET picture_n = t.picture_n + d.picture_n, picture_sum = t.picture_sum + d.picture_sum, sound_n = t.sound_n + d.sound_n, sound_sum = t.sound_sum + d.sound_sum, extras_n = t.extras_n + d.extras_n, extras_sum = t.extras_sum + d.extras_sum, package_n = t.package_n + d.package_n, package_sum = t.package_sum + d.package_sum WHERE t.id = 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION review_rating_totals_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE review_rating_totals SET picture_n = 0, picture_sum = 0, sound_n = 0, sound_sum = 0, extras_n = 0, extras_sum = 0, package_n = 0, package_sum = 0 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_rating_totals_insert AFTER INSERT ON "reviews"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_rating_totals_apply();
--> statement-breakpoint
CREATE TRIGGER reviews_rating_totals_update AFTER UPDATE ON "reviews"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_rating_totals_apply();
--> statement-breakpoint
CREATE TRIGGER reviews_rating_totals_delete AFTER DELETE ON "reviews"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION review_rating_totals_apply();
--> statement-breakpoint
CREATE TRIGGER reviews_rating_totals_truncate AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION review_rating_totals_reset();
