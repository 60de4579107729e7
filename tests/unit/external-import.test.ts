/**
 * The pure parts of the import from the external movie database: the input schema, the client's
 * configuration and key handling (lib/external/tmdb.ts), and how TMDb's records read as catalogue
 * entries (lib/external/tmdb-titles.ts), on the TMDb-shaped fixtures of tests/fixtures/tmdb.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TMDB_API_URL,
  DEFAULT_TMDB_TIMEOUT_MS,
  isBearerToken,
  tmdbConfig,
  tmdbMovieSchema,
  tmdbSeasonSchema,
  tmdbTvSchema,
} from '@/lib/external/tmdb';
import { episodeEntry, movieEntry, seriesEntry } from '@/lib/external/tmdb-titles';
import { externalImportSchema, externalKindOf, isImdbId } from '@/lib/validation/external-import';

const fixture = (file: string): unknown =>
  JSON.parse(fs.readFileSync(path.resolve('tests/fixtures/tmdb', file), 'utf8')) as unknown;

describe('the import input', () => {
  it('takes an IMDb id of tt and 7-10 digits and a movie type 1-5, as a number or its digits', () => {
    expect(externalImportSchema.parse({ imdb_id: ' tt0133093 ', type: '2' })).toEqual({
      imdb_id: 'tt0133093',
      type: 2,
    });
    expect(externalImportSchema.parse({ imdb_id: 'tt1234567890', type: 5 }).type).toBe(5);
    for (const id of ['tt123456', 'tt12345678901', 'nm0000206', 'TT0133093', 'tt0133093x', ''])
      expect(isImdbId(id), id).toBe(false);
    for (const type of [0, 6, 1.5, 'movie', null])
      expect(externalImportSchema.safeParse({ imdb_id: 'tt0133093', type }).success, String(type)).toBe(false);
  });

  it('looks a movie, short and documentary up as movies, a series as a show, an episode as an episode', () => {
    expect([1, 2, 3, 4, 5].map((t) => externalKindOf(t as 1))).toEqual(['movie', 'tv', 'movie', 'movie', 'episode']);
  });
});

describe('the TMDb client configuration', () => {
  it('is off without a key; the base address and timeout have defaults', () => {
    expect(tmdbConfig({})).toBeNull();
    expect(tmdbConfig({ TMDB_API_KEY: '  ' })).toBeNull();
    expect(tmdbConfig({ TMDB_API_KEY: 'k' })).toEqual({
      baseUrl: DEFAULT_TMDB_API_URL,
      apiKey: 'k',
      timeoutMs: DEFAULT_TMDB_TIMEOUT_MS,
    });
    expect(
      tmdbConfig({ TMDB_API_KEY: 'k', TMDB_API_URL: 'http://127.0.0.1:4010/3/', TMDB_TIMEOUT_MS: '2500' }),
    ).toEqual({ baseUrl: 'http://127.0.0.1:4010/3', apiKey: 'k', timeoutMs: 2500 });
    expect(tmdbConfig({ TMDB_API_KEY: 'k', TMDB_TIMEOUT_MS: 'soon' })!.timeoutMs).toBe(DEFAULT_TMDB_TIMEOUT_MS);
  });

  it('sends a v4 read access token (a JWT) as a Bearer token and a v3 key as api_key', () => {
    expect(isBearerToken('eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJ4In0.c2ln-_')).toBe(true);
    expect(isBearerToken('0123456789abcdef0123456789abcdef')).toBe(false);
  });
});

describe("TMDb's records as catalogue entries", () => {
  it('a movie: fields, certifications of known countries, crew in our roles, cast by billing, companies, rating, poster', () => {
    const e = movieEntry(tmdbMovieSchema.parse(fixture('movie-603.json')), 4, null);
    expect(e).toMatchObject({
      sourceId: 'tmdb:603',
      tmdbId: 603,
      imdbId: 'tt0133093',
      type: 4,
      finnishName: 'Matrix',
      rating: { source: 'tmdb', value: 8.2, votes: 26011 },
      poster: '/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg',
    });
    expect(e.values).toEqual({
      type: 4,
      name: 'The Matrix',
      tmdb_id: 603,
      year: 1999,
      runtime_min: 136,
      genres: ['Action', 'Science Fiction'],
      countries: ['United States of America'],
      spoken_languages: ['English'],
      // BR is no country of ours; FI's theatrical release has no rating, its video release has.
      certifications: [
        { country: 'FI', rating: 'K-16', source: 'tmdb' },
        { country: 'US', rating: 'R', source: 'tmdb' },
      ],
      imdb_id: 'tt0133093',
    });
    expect(e.credits.map((c) => `${c.role}:${c.name}${c.character ? `:${c.character}` : ''}`)).toEqual([
      'director:Lana Wachowski',
      'director:Lilly Wachowski',
      'writer:Lana Wachowski',
      'writer:Lilly Wachowski',
      'producer:Joel Silver',
      'composer:Don Davis',
      'cinematography:Bill Pope',
      'editor:Zach Staenberg',
      'actor:Keanu Reeves:Thomas A. Anderson / Neo',
      'actor:Laurence Fishburne:Morpheus',
      'actor:Carrie-Anne Moss:Trinity',
      'actor:Hugo Weaving:Agent Smith',
    ]);
    expect(e.companies).toEqual([
      { name: 'Village Roadshow Pictures', country: 'US' },
      { name: 'Groucho II Film Partnership', country: null },
      { name: 'Silver Pictures', country: 'US' },
      { name: 'Warner Bros. Pictures', country: 'US' },
    ]);
  });

  it('a movie TMDb knows little of leaves the fields it lacks out, so a refresh blanks nothing', () => {
    const e = movieEntry(
      tmdbMovieSchema.parse({
        id: 7,
        title: 'Untitled',
        release_date: '',
        runtime: 0,
        vote_count: 0,
        poster_path: 'x',
      }),
      1,
      'tt0000007',
    );
    expect(e.values).toEqual({ type: 1, name: 'Untitled', tmdb_id: 7, imdb_id: 'tt0000007' });
    expect(e).toMatchObject({ rating: null, poster: null, plot: null, credits: [], companies: [], finnishName: null });
  });

  it('a show: creators as writers, counts of seasons and episodes, no TMDb movie id; an episode: its numbers', () => {
    const tv = tmdbTvSchema.parse(fixture('tv-1396.json'));
    const s = seriesEntry(tv);
    expect(s).toMatchObject({ sourceId: 'tmdb-tv:1396', tmdbId: null, imdbId: 'tt0903747', finnishName: null });
    expect(s.values).toMatchObject({ type: 2, seasons_amount: 2, episodes_amount: 4, runtime_min: 45, year: 2008 });
    expect(s.values).not.toHaveProperty('tmdb_id');
    expect(s.credits[0]).toEqual({ tmdbPersonId: 66633, name: 'Vince Gilligan', role: 'writer', character: '' });
    const season = tmdbSeasonSchema.parse(fixture('tv-1396-season-2.json'));
    const grilled = episodeEntry(season.episodes[1], 'Breaking Bad', null);
    expect(grilled).toMatchObject({ sourceId: 'tmdb-episode:62093', rating: null, imdbId: null });
    expect(grilled.values).toEqual({ type: 5, name: 'Grilled', season: 2, episode: 2, year: 2009, runtime_min: 46 });
    const unnamed = episodeEntry({ ...season.episodes[0], name: '' }, 'Breaking Bad', 'tt1232244');
    expect(unnamed.values).toMatchObject({ name: 'Breaking Bad S2E1', imdb_id: 'tt1232244' });
  });
});
