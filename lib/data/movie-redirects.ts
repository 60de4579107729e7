import 'server-only';
/**
 * Redirects of merged movies: a movie an older import created from a release row under an edition
 * name ("Alien: 40th Anniversary Edition") and merged into its film by a later import
 * (lib/import/repair.ts) keeps its public id as a permanent redirect to the film, so
 * `/movie/{old id}` and `/api/titles/{old id}` still lead somewhere.
 * Data source: tables movie_redirects, movies.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { queryRows, resolveDb } from './sql';

/**
 * The public id of the movie an old public id was merged into.
 * @param publicId the public id of a movie that may no longer exist
 * @returns the surviving movie's public id, or null when the id was never merged (an unknown id)
 */
export async function getMovieRedirect(publicId: string, db?: Db): Promise<string | null> {
  const d = await resolveDb(db);
  const [row] = await queryRows<{ public_id: string }>(
    d,
    sql`SELECT m.public_id FROM movie_redirects r JOIN movies m ON m.id = r.movie_id WHERE r.from_public_id = ${publicId}`,
  );
  return row?.public_id ?? null;
}
