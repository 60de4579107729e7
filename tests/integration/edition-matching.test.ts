/**
 * Releases of the seed hold their films, not their editions: the releases of
 * tests/fixtures/import/edition-films.json (4K UHD rows chosen across the whole list, every 25th
 * row plus editions, remakes, rows without a year, inverted articles, colon titles, misspellings,
 * box sets and double features; Criterion spines and box sets) with the films each must hold, by
 * name and year, written from the data files. At least 98 % must be right. Also: no movie made
 * from a release row carries edition or box-set words in its name, and names read in natural
 * article order with the listed order kept searchable.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { looseKey } from '@/lib/import/titles';
import { assertPostgresConfiguredInCi, getSeededTestDb, testEngines } from '../support/db';

assertPostgresConfiguredInCi();

type Expected = { source_id: string; listing: string; films: { name: string; year: number | null }[]; note?: string };
const FIXTURE = JSON.parse(fs.readFileSync(path.resolve('tests/fixtures/import/edition-films.json'), 'utf8')) as {
  releases: Expected[];
};

type Held = { source_id: string; name: string | null; year: number | null; box_set: boolean };

/** Whether a movie is the expected film: the same title read loosely, the year within one (null: none known). */
function isFilm(m: { name: string | null; year: number | null }, f: { name: string; year: number | null }): boolean {
  if (!m.name || looseKey(m.name) !== looseKey(f.name)) return false;
  return f.year == null ? m.year == null : m.year != null && Math.abs(m.year - f.year) <= 1;
}

describe.each(testEngines())('films of the seed releases on %s', (engine) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await getSeededTestDb(engine);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('links at least 98 % of the fixture releases to exactly their films', async () => {
    const releases = FIXTURE.releases;
    expect(releases.length).toBeGreaterThanOrEqual(100);
    expect(releases.filter((r) => r.source_id.startsWith('tdb4k:')).length).toBeGreaterThanOrEqual(100);
    expect(releases.some((r) => r.source_id.startsWith('criterion:'))).toBe(true);
    const rows = await queryRows<Held>(
      h.db,
      sql`SELECT r.source_id, m.name, m.year, (SELECT count(*) FROM release_movies x WHERE x.release_id = r.id) > 1 AS box_set
          FROM releases r LEFT JOIN release_movies rm ON rm.release_id = r.id LEFT JOIN movies m ON m.id = rm.movie_id
          WHERE r.source_id = ANY(${sql.param(releases.map((r) => r.source_id))}::text[])`,
    );
    const held = new Map<string, Held[]>();
    for (const r of rows) held.set(r.source_id, [...(held.get(r.source_id) ?? []), r]);
    const wrong: string[] = [];
    for (const r of releases) {
      const movies = (held.get(r.source_id) ?? []).filter((m) => m.name != null);
      const missing = r.films.filter((f) => !movies.some((m) => isFilm(m, f)));
      // A single film's release holds that film only (no edition name as a second "film").
      const extra = r.films.length === 1 && movies.length !== 1;
      if (missing.length || extra)
        wrong.push(
          `${r.listing} → ${movies.map((m) => `${m.name} (${m.year ?? '-'})`).join(' | ') || 'nothing'}` +
            ` (expected ${r.films.map((f) => `${f.name} (${f.year ?? '-'})`).join(' | ')})`,
        );
    }
    const right = releases.length - wrong.length;
    expect(right / releases.length, `wrong:\n${wrong.join('\n')}`).toBeGreaterThanOrEqual(0.98);
  });

  it('names no movie made from a release row after an edition or a remark', async () => {
    const fromRows = await queryRows<{ name: string }>(
      h.db,
      sql`SELECT m.name FROM movies m
          WHERE EXISTS (SELECT 1 FROM movie_sources s WHERE s.movie_id = m.id)
            AND NOT EXISTS (SELECT 1 FROM movie_sources s WHERE s.movie_id = m.id
                            AND s.source_id NOT LIKE 'tdb4k:%' AND s.source_id NOT LIKE 'filmbrainz:%')`,
    );
    expect(fromRows.length).toBeGreaterThan(100);
    // A box set that does not list its films is held under its own title ("The Matrix Trilogy").
    const setTitle = /\b(?:collection|trilogy|\d+-(?:film|movie)|box set|double feature)\b/i;
    const editionWords =
      /anniversary|\bedition\b|steel ?book|gift ?set|single[- ]film|only available|\bincludes?\b|\bsku\b|exclusive|[()]/i;
    // No remark fragment either: a film's name starts with a capital letter or a digit.
    const films = fromRows.map((m) => m.name).filter((n) => !setTitle.test(n));
    expect(films.filter((n) => editionWords.test(n) || /^[a-z]/.test(n))).toEqual([]);
    const [matrix] = await queryRows<{ movies: string[] }>(
      h.db,
      sql`SELECT array_agg(m.name) AS movies FROM releases r JOIN release_movies rm ON rm.release_id = r.id
          JOIN movies m ON m.id = rm.movie_id WHERE r.name = 'The Matrix Trilogy'`,
    );
    expect(matrix.movies).toEqual(['The Matrix Trilogy']);
  });

  it('shows names in natural article order and keeps the listed order searchable', async () => {
    const [release] = await queryRows<{ name: string; name_key: string; search_text: string; edition: string[] }>(
      h.db,
      sql`SELECT name, name_key, search_text, edition FROM releases WHERE source_id = (
            SELECT source_id FROM releases WHERE search_text LIKE '%godfather the limited edition steelbook%' LIMIT 1)`,
    );
    expect(release.name).toBe('The Godfather: Limited Edition (Steelbook)');
    expect(release.name_key).toBe('godfather limited edition steelbook');
    expect(release.search_text).toContain('the godfather limited edition steelbook');
    expect(release.search_text).toContain('godfather the limited edition steelbook');
    expect(release.edition).toEqual(expect.arrayContaining(['Limited Edition', 'Steelbook']));
    // A Wikipedia title listed with its article last ("Goonies, The") reads "The Goonies".
    const goonies = await queryRows<{ name: string; search_text: string }>(
      h.db,
      sql`SELECT name, search_text FROM movies WHERE title_key = 'goonies' AND year = 1985`,
    );
    expect(goonies).toEqual([{ name: 'The Goonies', search_text: expect.stringContaining('goonies the') }]);
    const inverted = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM releases WHERE name ~ '^[^(]+?, (The|A|An)($|\s*[:(/]|\s[–—-]\s)'`,
    );
    expect(inverted[0].n).toBe(0);
  });
});
