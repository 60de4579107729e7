/**
 * Repair of duplicates an older importer left: movies it created from release rows under edition
 * names ("Alien: 40th Anniversary Edition", "Dr. Strangelove" without a year) that the current
 * import reads as a known film. After the import has re-linked their releases, such a movie holds
 * no release and no film-list source; it is merged into the film that took its place: everything
 * that points at it moves (collection entries, likes, reviews, posts, credits, sources, censorship events,
 * pictures, videos, buying links, connections, companies, episodes, redirects), duplicates of the
 * same user and list are dropped, counters are recomputed, and its public id is recorded in
 * `movie_redirects`, so `/movie/{old id}` answers a permanent redirect to the film. A movie with
 * no film to go to (a box set whose name an older import took for a film) and nothing that points
 * at it is deleted.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db';
import type { Replacements } from './catalog';

/** What the repair did: movies merged into their film (with a few "old name → film" lines), movies deleted. */
export type RepairReport = { merged: number; deleted: number; sample: string[] };

type Orphan = { id: number; public_id: string; name: string };

/** SQL of "the movie has nothing but listing sources, no release, no censorship event". */
function orphanCondition(idList: number[]) {
  return sql`m.id = ANY(${sql.param(idList)}::int[])
    AND NOT EXISTS (SELECT 1 FROM release_movies rm WHERE rm.movie_id = m.id)
    AND NOT EXISTS (SELECT 1 FROM censorship_events e WHERE e.movie_id = m.id)
    AND NOT EXISTS (SELECT 1 FROM movie_sources s WHERE s.movie_id = m.id
                    AND s.source_id NOT LIKE 'tdb4k:%' AND s.source_id NOT LIKE 'filmbrainz:%')`;
}

/** Whether anything but its (listing) sources points at a movie. */
async function isReferenced(db: Db, id: number): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM collection_entries WHERE movie_id = ${id})
            OR EXISTS (SELECT 1 FROM likes WHERE movie_id = ${id})
            OR EXISTS (SELECT 1 FROM pictures WHERE movie_id = ${id})
            OR EXISTS (SELECT 1 FROM videos WHERE movie_id = ${id})
            OR EXISTS (SELECT 1 FROM buying_links WHERE movie_id = ${id})
            OR EXISTS (SELECT 1 FROM reviews WHERE movie_id = ${id})
            OR EXISTS (SELECT 1 FROM posts WHERE movie_id = ${id})
            OR EXISTS (SELECT 1 FROM movie_connections WHERE movie_id = ${id} OR connected_movie_id = ${id})
            OR EXISTS (SELECT 1 FROM movie_redirects WHERE movie_id = ${id})
            OR EXISTS (SELECT 1 FROM movies WHERE episode_of_id = ${id}) AS used`,
  );
  return row?.used ?? false;
}

/**
 * Moves everything that points at movie `from` to movie `to`, records the redirect of `from`'s
 * public id and deletes `from`. Rows that would repeat one the target already has (the same list
 * entry, like, credit, release link, connection, company) are dropped.
 * @returns the ids of the collections whose entries changed
 */
export async function mergeMovie(db: Db, from: { id: number; publicId: string }, to: number): Promise<number[]> {
  const f = from.id;
  const changed = await queryRows<{ collection_id: number }>(
    db,
    sql`DELETE FROM collection_entries e WHERE e.movie_id = ${f}
          AND EXISTS (SELECT 1 FROM collection_entries o WHERE o.collection_id = e.collection_id AND o.movie_id = ${to})
        RETURNING e.collection_id`,
  );
  const statements = [
    sql`UPDATE collection_entries SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`DELETE FROM likes l WHERE l.movie_id = ${f} AND EXISTS (SELECT 1 FROM likes o WHERE o.user_id = l.user_id AND o.movie_id = ${to})`,
    sql`UPDATE likes SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`INSERT INTO credits (movie_id, person_id, role, character, ord)
        SELECT ${to}, person_id, role, character, ord FROM credits WHERE movie_id = ${f} ON CONFLICT DO NOTHING`,
    sql`DELETE FROM credits WHERE movie_id = ${f}`,
    sql`UPDATE movie_sources SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`UPDATE censorship_events SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`UPDATE pictures SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`UPDATE videos SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`UPDATE buying_links SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`UPDATE reviews SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`UPDATE posts SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`INSERT INTO release_movies (release_id, movie_id, position)
        SELECT release_id, ${to}, position FROM release_movies WHERE movie_id = ${f} ON CONFLICT DO NOTHING`,
    sql`DELETE FROM release_movies WHERE movie_id = ${f}`,
    sql`INSERT INTO movie_connections (movie_id, connected_movie_id, kind, info)
        SELECT ${to}, connected_movie_id, kind, info FROM movie_connections
        WHERE movie_id = ${f} AND connected_movie_id NOT IN (${f}, ${to}) ON CONFLICT DO NOTHING`,
    sql`INSERT INTO movie_connections (movie_id, connected_movie_id, kind, info)
        SELECT movie_id, ${to}, kind, info FROM movie_connections
        WHERE connected_movie_id = ${f} AND movie_id NOT IN (${f}, ${to}) ON CONFLICT DO NOTHING`,
    sql`DELETE FROM movie_connections WHERE movie_id = ${f} OR connected_movie_id = ${f}`,
    sql`INSERT INTO movie_production_companies (movie_id, company_id)
        SELECT ${to}, company_id FROM movie_production_companies WHERE movie_id = ${f} ON CONFLICT DO NOTHING`,
    sql`DELETE FROM movie_production_companies WHERE movie_id = ${f}`,
    sql`UPDATE movies SET episode_of_id = ${to} WHERE episode_of_id = ${f}`,
    sql`UPDATE movie_redirects SET movie_id = ${to} WHERE movie_id = ${f}`,
    sql`INSERT INTO movie_redirects (from_public_id, movie_id) VALUES (${from.publicId}, ${to})
        ON CONFLICT (from_public_id) DO UPDATE SET movie_id = excluded.movie_id`,
    sql`DELETE FROM movie_counters WHERE movie_id = ${f}`,
    sql`DELETE FROM movies WHERE id = ${f}`,
  ];
  for (const s of statements) await db.execute(s);
  const moved = await queryRows<{ collection_id: number }>(
    db,
    sql`SELECT DISTINCT collection_id FROM collection_entries WHERE movie_id = ${to}`,
  );
  return [...new Set([...changed, ...moved].map((r) => r.collection_id))];
}

/**
 * Recomputes a movie's counters (spec §3: entries of live "seen" and "want to see" shortcut lists,
 * likes), as lib/data/item-counters.ts keeps them.
 */
async function recountMovie(db: Db, id: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO movie_counters (movie_id, seen_count, want_see_count, likes_count)
        SELECT ${id},
          (SELECT count(*) FROM collection_entries e JOIN collections c ON c.id = e.collection_id
            WHERE e.movie_id = ${id} AND c.style = 2 AND c.shortcut_default AND c.deleted_at IS NULL)::int,
          (SELECT count(*) FROM collection_entries e JOIN collections c ON c.id = e.collection_id
            WHERE e.movie_id = ${id} AND c.style = 6 AND c.shortcut_default AND c.deleted_at IS NULL)::int,
          (SELECT count(*) FROM likes WHERE movie_id = ${id})::int
        ON CONFLICT (movie_id) DO UPDATE SET seen_count = excluded.seen_count,
          want_see_count = excluded.want_see_count, likes_count = excluded.likes_count`,
  );
}

/**
 * Merges the movies an older import created from release rows into the films the current import
 * linked in their place (see module doc), in one transaction. Call after the import's last flush.
 * @param replacements from Catalog.replacements(): old movie → the movies that took its place
 */
export async function repairDuplicates(db: Db, replacements: Replacements): Promise<RepairReport> {
  const report: RepairReport = { merged: 0, deleted: 0, sample: [] };
  const ids = [...replacements.keys()];
  if (!ids.length) return report;
  await db.transaction(async (tx) => {
    const d = tx as unknown as Db;
    const orphans = await queryRows<Orphan>(
      d,
      sql`SELECT m.id, m.public_id, m.name FROM movies m WHERE ${orphanCondition(ids)} ORDER BY m.id`,
    );
    const orphanIds = new Set(orphans.map((o) => o.id));
    /** The film an orphan goes to: the movie that most often took its place (following merged ones). */
    const targetOf = (id: number, seen = new Set<number>()): number | null => {
      const votes = new Map<number, number>();
      for (const to of replacements.get(id) ?? []) votes.set(to, (votes.get(to) ?? 0) + 1);
      const best = [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
      if (best == null || !orphanIds.has(best)) return best;
      if (seen.has(best)) return null;
      seen.add(id);
      return targetOf(best, seen);
    };
    const collections = new Set<number>();
    const targets = new Set<number>();
    for (const o of orphans) {
      const to = targetOf(o.id);
      if (to == null) {
        if (!(await isReferenced(d, o.id))) {
          await d.execute(sql`DELETE FROM movies WHERE id = ${o.id}`);
          report.deleted++;
        }
        continue;
      }
      for (const c of await mergeMovie(d, { id: o.id, publicId: o.public_id }, to)) collections.add(c);
      targets.add(to);
      report.merged++;
      if (report.sample.length < 20) {
        const [film] = await queryRows<{ name: string; year: number | null }>(
          d,
          sql`SELECT name, year FROM movies WHERE id = ${to}`,
        );
        report.sample.push(`${o.name} → ${film?.name ?? '?'}${film?.year ? ` (${film.year})` : ''}`);
      }
    }
    for (const id of targets) await recountMovie(d, id);
    if (collections.size)
      await d.execute(
        sql`UPDATE collections c SET entries_count = (SELECT count(*) FROM collection_entries e WHERE e.collection_id = c.id)
            WHERE c.id = ANY(${sql.param([...collections])}::int[])`,
      );
  });
  return report;
}
