/**
 * A local stand-in for TMDb's v3 API (lib/external/tmdb.ts) for the import tests: a node:http
 * server under `/3` answering TMDb-shaped JSON from tests/fixtures/tmdb (find by IMDb id, a movie
 * with its credits, images, companies, release dates and translations, a TV show, its seasons'
 * episodes), 404 with TMDb's error body for anything else, 401 without the key, and on purpose:
 *  - `/find/tt0000500`: 500 (TMDb failing);
 *  - `/find/tt0000501`: an empty answer after {@link SLOW_MS} ms (a timeout);
 *  - `/find/tt0000502` → movie 999502, whose details answer 500 (failing half-way through);
 *  - `/find/tt9999990`: no match of any kind.
 * `override(path, change)` changes the answer of one path (a record changed at TMDb since the
 * last import); `requests` lists what was asked (path, query, how the key came).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** The v3 API key the server accepts as `api_key`. */
export const TMDB_TEST_KEY = '0123456789abcdef0123456789abcdef';
/** A v4 read access token (a JWT's shape) the server accepts as `Authorization: Bearer`. */
export const TMDB_TEST_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJ0ZXN0In0.c2lnbmF0dXJl';
/** How long the slow path waits before answering, in milliseconds. */
export const SLOW_MS = 1500;

const FIXTURES = path.resolve('tests/fixtures/tmdb');

/** Path (below /3) → fixture file. */
const ROUTES: Record<string, string> = {
  '/find/tt0133093': 'find-tt0133093.json',
  '/find/tt0234215': 'find-tt0234215.json',
  '/find/tt0903747': 'find-tt0903747.json',
  '/find/tt0959621': 'find-tt0959621.json',
  '/find/tt9999990': 'find-empty.json',
  '/movie/603': 'movie-603.json',
  '/movie/604': 'movie-604.json',
  '/tv/1396': 'tv-1396.json',
  '/tv/1396/season/1': 'tv-1396-season-1.json',
  '/tv/1396/season/2': 'tv-1396-season-2.json',
};

/** One request as the server saw it. */
export type TmdbRequest = { path: string; query: Record<string, string>; auth: 'api_key' | 'bearer' | 'none' };

export type TmdbServer = {
  /** The base address to set as TMDB_API_URL (`http://127.0.0.1:{port}/3`). */
  url: string;
  requests: TmdbRequest[];
  /** Replaces the answer of `path` (below /3) with `change` applied to a copy of its fixture. */
  override: (path: string, change: (body: Record<string, unknown>) => void) => void;
  /** Drops every override. */
  reset: () => void;
  close: () => Promise<void>;
};

/** A fixture's JSON (a fresh copy on each call). */
export function tmdbFixture(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')) as Record<string, unknown>;
}

const NOT_FOUND = { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' };
const BAD_KEY = { status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.', success: false };

/** Starts the server on a free port of 127.0.0.1. */
export async function startTmdbServer(): Promise<TmdbServer> {
  const requests: TmdbRequest[] = [];
  const overrides = new Map<string, Record<string, unknown>>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'api_key'));
    const auth =
      req.headers.authorization === `Bearer ${TMDB_TEST_TOKEN}`
        ? 'bearer'
        : url.searchParams.get('api_key') === TMDB_TEST_KEY
          ? 'api_key'
          : 'none';
    const p = url.pathname.replace(/^\/3(?=\/)/, '');
    requests.push({ path: p, query, auth });
    if (!url.pathname.startsWith('/3/')) return answer(404, NOT_FOUND);
    if (auth === 'none') return answer(401, BAD_KEY);
    if (p === '/find/tt0000500' || p === '/movie/999502')
      return answer(500, { success: false, status_code: 11, status_message: 'Internal error: Something went wrong.' });
    if (p === '/find/tt0000501') {
      const timer = setTimeout(() => answer(200, tmdbFixture('find-empty.json')), SLOW_MS);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (p === '/find/tt0000502')
      return answer(200, { ...tmdbFixture('find-empty.json'), movie_results: [{ id: 999502 }] });
    const override = overrides.get(p);
    if (override) return answer(200, override);
    const file = ROUTES[p];
    return file ? answer(200, tmdbFixture(file)) : answer(404, NOT_FOUND);
  });
  // Idle connections stay open longer than a test waits between requests (the client reuses them).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/3`,
    requests,
    override: (p, change) => {
      const file = ROUTES[p];
      if (!file) throw new Error(`no fixture for ${p}`);
      const body = tmdbFixture(file);
      change(body);
      overrides.set(p, body);
    },
    reset: () => overrides.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
