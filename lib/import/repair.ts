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
 * Merges the movies an older import created from release rows into the films the current import
 * linked in their place (see module doc), in one transaction. Call after the import's last flush.
 * @param replacements from Catalog.replacements(): old movie → the movies that took its place
 */
export async function repairDuplicates(db: Db, replacements: Replacements): Promise<RepairReport> {
  const report: RepairReport = { merged: 0, deleted: 0, sample: [] };
  const ids = [...replacements.keys()];
  if (!ids.length) return report;
  // Loaded here, not at the top: lib/data is server-only, and the command-line processes that
  // import (scripts/start.ts, scripts/import.ts) allow it only once they run (scripts/server-only.ts).
  const { inTransaction } = await import('@/lib/data/events');
  const { mergeMovies } = await import('@/lib/data/catalogue-writes');
  await inTransaction(db, async (d) => {
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
    for (const o of orphans) {
      const to = targetOf(o.id);
      if (to == null) {
        if (!(await isReferenced(d, o.id))) {
          await d.execute(sql`DELETE FROM movies WHERE id = ${o.id}`);
          report.deleted++;
        }
        continue;
      }
      await mergeMovies(d, { id: o.id, publicId: o.public_id }, to, { userId: null, approvedById: null });
      report.merged++;
      if (report.sample.length < 20) {
        const [film] = await queryRows<{ name: string; year: number | null }>(
          d,
          sql`SELECT name, year FROM movies WHERE id = ${to}`,
        );
        report.sample.push(`${o.name} → ${film?.name ?? '?'}${film?.year ? ` (${film.year})` : ''}`);
      }
    }
  });
  return report;
}
