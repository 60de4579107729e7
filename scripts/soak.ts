/**
 * `npm run soak [-- --minutes N] [--heap-mb N]`: a soak run of the production app against the PostgreSQL
 * database at DATABASE_URL (required; the benchmark's database, or any database with the
 * catalogue). Loopback only: the app is started by bench/server.ts (scripts/start.ts on a free
 * port of this machine: builds when stale, migrates, imports the seed only when missing) and every
 * request goes to 127.0.0.1.
 *
 * For `--minutes` (default 5) a mixed workload runs without pause between its loops:
 * - VISITORS loops: search (`/api/search`, the benchmark's fixed query mix), listings
 *   (`/api/releases`, `/api/titles` with the benchmark's filter combinations), release and movie
 *   pages (HTML, cached after the first request), and the review list;
 * - MEMBERS loops, one per member (accounts made for the run and deleted at its end): HAVE toggles
 *   on and off, `/api/me`, a review of a movie and a comment on a discussion at most every 16 s each
 *   (the write limits allow one per 15 s), and friend requests sent and withdrawn in turn.
 * Every answer other than the expected status, and every request without an answer within 30 s,
 * is an error. The app's resident memory (VmRSS of the server's process tree, Soketi left out) is
 * read when the server is ready, every 15 s, and at the end. The server runs with V8's old space
 * capped at `--heap-mb` (default 512; 0 leaves Node's default), as production should: without a
 * cap V8 collects lazily and the memory keeps rising for minutes on a machine with free memory, so
 * growth would say nothing about leaks; with it, a leak ends in growth past the bound or a crash.
 *
 * Report: requests, errors and p50 / p95 / p99 per route (milliseconds, nearest rank), the memory
 * samples, and the targets: 0 errors, end RSS ≤ start RSS + RSS_GROWTH_BOUND_MB. Written to
 * `.data/soak/results.json` (the server's log next to it). Exit code 1 when a target is missed or
 * the run fails, 2 on bad arguments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { allowServerOnlyImports } from './server-only';
import { appProcesses } from './process-group';

/** Target: the server's memory at the end may exceed its memory when ready by at most this many MB. */
export const RSS_GROWTH_BOUND_MB = 300;
/** Default cap of the server's V8 old space (MB), `--max-old-space-size`. */
const DEFAULT_HEAP_MB = 512;
/** Concurrent visitor loops. */
const VISITORS = 4;
/** Members (one loop each; an even number: members pair up for friend requests). */
const MEMBERS = 6;
/** The members' password (their deletion at the end re-authenticates with it). */
const MEMBER_PASSWORD = 'Slipcover-Shelf-77';
/** Minimum ms between two reviews, and between two comments, of one member. */
const WRITE_GAP_MS = 16_000;
/** A request without an answer in this many ms is an error. */
const REQUEST_TIMEOUT_MS = 30_000;

const USAGE = `usage: DATABASE_URL=postgres://… npm run soak -- [--minutes N] [--heap-mb N]
  --minutes N   length of the load in minutes (default 5; fractions allowed)
  --heap-mb N   the server's --max-old-space-size in MB (default ${DEFAULT_HEAP_MB}; 0: Node's default)`;

const args = process.argv.slice(2).filter((a) => a !== '--');
const minutesAt = args.indexOf('--minutes');
const minutes = minutesAt >= 0 ? Number(args[minutesAt + 1]) : 5;
const heapAt = args.indexOf('--heap-mb');
const heapMb = heapAt >= 0 ? Number(args[heapAt + 1]) : DEFAULT_HEAP_MB;
const values = new Set([minutesAt + 1, heapAt + 1].filter((i) => i > 0));
const unknown = args.filter((a, i) => !values.has(i) && a !== '--minutes' && a !== '--heap-mb');
if (args.includes('--help') || unknown.length || !(minutes > 0) || !(heapMb >= 0)) {
  if (unknown.length && !args.includes('--help')) console.error(`unknown option ${unknown.join(', ')}`);
  console.error(USAGE);
  process.exit(args.includes('--help') ? 0 : 2);
}
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('npm run soak needs DATABASE_URL: a PostgreSQL database holding the catalogue, e.g.');
  console.error('  DATABASE_URL=postgres://postgres@127.0.0.1:5432/discshelf_bench npm run soak');
  process.exit(2);
}

// lib/data starts with `import 'server-only'`: resolve it to an empty module before loading it.
allowServerOnlyImports();
const { openDatabase } = await import('@/db');
const { registerUser, deleteAccount } = await import('@/lib/data/users');
const { createSession, sessionActor } = await import('@/lib/data/sessions');
const { startServer } = await import('@/bench/server');
const { summarize } = await import('@/bench/stats');
const { seededRandom } = await import('@/bench/stats');
const { FIXED_SEARCH_QUERIES, listingCases, samplePublicIds } = await import('@/bench/workload');

type Sample = { route: string; status: number; ms: number; ok: boolean; at: number; detail?: string };
type Member = { userId: number; publicId: string; cookie: string; token: string };

/** Memory of one process: pid, command name, resident set in kB. */
type ProcessMemory = { pid: number; name: string; rssKb: number };

/** VmRSS of every app process in the server's tree (Soketi, a separate service, left out). */
function appMemory(root: number): ProcessMemory[] {
  const out: ProcessMemory[] = [];
  for (const pid of appProcesses(root)) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
      const name = /^Name:\s+(.+)$/m.exec(status)?.[1] ?? '?';
      if (rss) out.push({ pid, name, rssKb: Number(rss[1]) });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

const totalMb = (m: ProcessMemory[]) => Math.round(m.reduce((s, p) => s + p.rssKb, 0) / 1024);

const outDir = path.resolve('.data', 'soak');
fs.mkdirSync(outDir, { recursive: true });
const raw = postgres(databaseUrl, { max: 2, onnotice: () => {} });
const handle = await openDatabase({ url: databaseUrl });
const stamp = Date.now().toString(36);
const members: Member[] = [];
let server: Awaited<ReturnType<typeof startServer>> | null = null;
let exitCode = 0;

try {
  console.log('Soak: sampling the catalogue and making members …');
  const ids = await samplePublicIds(raw, 300, Date.now() % 100_000);
  const listings = listingCases();
  const posts = (await raw<{ public_id: string }[]>`SELECT public_id FROM posts ORDER BY id DESC LIMIT 300`).map(
    (r) => r.public_id,
  );
  for (let i = 0; i < MEMBERS; i++) {
    const r = await registerUser(
      {
        name: `Soak ${stamp} ${i}`,
        email: `soak-${stamp}-${i}@soak.invalid`,
        password: MEMBER_PASSWORD,
        password2: MEMBER_PASSWORD,
      },
      {},
      handle.db,
    );
    if (!r.ok) throw new Error(`soak member: ${JSON.stringify(r.errors)}`);
    const s = await createSession(r.userId, {}, handle.db);
    members.push({
      userId: r.userId,
      publicId: r.user.public_id,
      cookie: `discshelf_session=${s.token}`,
      token: s.token,
    });
  }
  // Established members: the stricter daily write limits of accounts younger than a day do not apply.
  await raw`UPDATE users SET created_at = now() - interval '2 days' WHERE id IN ${raw(members.map((m) => m.userId))}`;

  console.log('Soak: starting the app (builds first when the build is stale) …');
  // bench/server.ts passes this process's environment on to the server.
  if (heapMb > 0) process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${heapMb}`.trim();
  server = await startServer(databaseUrl, path.join(outDir, 'server.log'));
  const base = server.baseUrl;
  const rootPid = server.pid;
  const memory: { at: number; mb: number; processes: ProcessMemory[] }[] = [];
  const t0 = performance.now();
  const readMemory = () => {
    const processes = appMemory(rootPid);
    memory.push({ at: Math.round((performance.now() - t0) / 1000), mb: totalMb(processes), processes });
  };
  readMemory();
  console.log(
    `Soak: ${base}, app RSS at start ${memory[0].mb} MB (heap cap ${heapMb ? `${heapMb} MB` : "Node's default"}); ` +
      `load for ${minutes} min …`,
  );

  const samples: Sample[] = [];
  const deadline = t0 + minutes * 60_000;
  const request = async (
    route: string,
    url: string,
    init: { cookie?: string; json?: unknown; expect?: number[] } = {},
  ): Promise<Sample> => {
    const headers: Record<string, string> = {};
    if (init.cookie) headers.cookie = init.cookie;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      headers.origin = base;
    }
    const start = performance.now();
    let sample: Sample;
    try {
      const res = await fetch(`${base}${url}`, {
        method: init.json !== undefined ? 'POST' : 'GET',
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      const ok = (init.expect ?? [200]).includes(res.status);
      sample = {
        route,
        status: res.status,
        ms: performance.now() - start,
        ok,
        at: start - t0,
        detail: ok ? undefined : `${url}: ${text.slice(0, 200)}`,
      };
    } catch (error) {
      sample = {
        route,
        status: 0,
        ms: performance.now() - start,
        ok: false,
        at: start - t0,
        detail: `${url}: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    samples.push(sample);
    return sample;
  };

  const visitor = async (n: number) => {
    const rnd = seededRandom(1000 + n);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
    while (performance.now() < deadline) {
      const x = rnd();
      if (x < 0.3)
        await request('GET /api/search', `/api/search?q=${encodeURIComponent(pick(FIXED_SEARCH_QUERIES).q)}`);
      else if (x < 0.5) {
        const c = pick(listings);
        const api = c.kind === 'releases' ? '/api/releases' : c.kind === 'titles' ? '/api/titles' : '/api/persons';
        await request(`GET ${api}`, `${api}?${new URLSearchParams(c.params)}`);
      } else if (x < 0.7) await request('GET /release/{id}', `/release/${pick(ids.releases)}`);
      else if (x < 0.9) await request('GET /movie/{id}', `/movie/${pick(ids.movies)}`);
      else await request('GET /api/reviews', '/api/reviews');
    }
  };

  const memberLoop = async (i: number) => {
    const me = members[i];
    const partner = members[i ^ 1];
    const rnd = seededRandom(2000 + i);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
    const reviewed = new Set<string>();
    let lastReview = -Infinity;
    let lastComment = -Infinity;
    let requested = false;
    const have = new Set<string>();
    while (performance.now() < deadline) {
      const x = rnd();
      const now = performance.now();
      if (now - lastReview > WRITE_GAP_MS && x < 0.1) {
        const movie = pick(ids.movies);
        if (reviewed.has(movie)) continue;
        reviewed.add(movie);
        lastReview = now;
        await request('POST /api/reviews', '/api/reviews', {
          cookie: me.cookie,
          json: { movie, headline: `Soak review ${stamp}`, body: 'A steady disc, nothing lost.', language: 'en' },
        });
      } else if (now - lastComment > WRITE_GAP_MS && posts.length && x < 0.2) {
        lastComment = now;
        await request('POST /api/posts/{id}/comments', `/api/posts/${pick(posts)}/comments`, {
          cookie: me.cookie,
          json: { body: `Soak comment ${stamp}` },
        });
      } else if (i % 2 === 0 && x < 0.3) {
        // Even members send a friend request to their partner and withdraw it, in turn.
        await request('POST /api/users/{id}/friendship', `/api/users/${partner.publicId}/friendship`, {
          cookie: me.cookie,
          json: { action: requested ? 'cancel' : 'request' },
        });
        requested = !requested;
      } else if (x < 0.75) {
        const release = pick(ids.releases);
        const on = !have.has(release);
        const r = await request('POST /api/releases/{id}/toggles', `/api/releases/${release}/toggles`, {
          cookie: me.cookie,
          json: { kind: 'have', on },
        });
        if (r.ok) {
          if (on) have.add(release);
          else have.delete(release);
        }
      } else await request('GET /api/me', '/api/me', { cookie: me.cookie });
      await sleep(100);
    }
  };

  const timer = setInterval(readMemory, 15_000);
  await Promise.all([
    ...Array.from({ length: VISITORS }, (_, n) => visitor(n)),
    ...members.map((_, i) => memberLoop(i)),
  ]);
  clearInterval(timer);
  readMemory();

  const routes = [...new Set(samples.map((s) => s.route))].sort();
  const perRoute = routes.map((route) => {
    const rs = samples.filter((s) => s.route === route);
    return { route, errors: rs.filter((s) => !s.ok).length, ...summarize(rs.map((s) => s.ms)) };
  });
  const errors = samples.filter((s) => !s.ok);
  const start = memory[0].mb;
  const end = memory[memory.length - 1].mb;
  const peak = Math.max(...memory.map((m) => m.mb));
  const targets = {
    errors: { value: errors.length, target: 0, met: errors.length === 0 },
    rss: {
      startMb: start,
      endMb: end,
      peakMb: peak,
      boundMb: start + RSS_GROWTH_BOUND_MB,
      met: end <= start + RSS_GROWTH_BOUND_MB,
    },
  };

  console.log(`\nSoak: ${samples.length} requests in ${minutes} min, ${errors.length} errors`);
  console.log(
    'route'.padEnd(34),
    'n'.padStart(7),
    'errors'.padStart(7),
    'p50'.padStart(9),
    'p95'.padStart(9),
    'p99'.padStart(9),
  );
  for (const r of perRoute)
    console.log(
      r.route.padEnd(34),
      String(r.n).padStart(7),
      String(r.errors).padStart(7),
      r.p50.toFixed(1).padStart(9),
      r.p95.toFixed(1).padStart(9),
      r.p99.toFixed(1).padStart(9),
    );
  console.log(`App RSS (MB) every 15 s: ${memory.map((m) => m.mb).join(' ')}`);
  for (const e of errors.slice(0, 10)) console.log(`error ${e.status} ${e.route} ${e.detail ?? ''}`);
  console.log(
    `targets: errors ${errors.length} (target 0) ${targets.errors.met ? 'met' : 'MISSED'}; ` +
      `RSS ${start} → ${end} MB (peak ${peak}; bound start + ${RSS_GROWTH_BOUND_MB} = ${start + RSS_GROWTH_BOUND_MB}) ` +
      `${targets.rss.met ? 'met' : 'MISSED'}`,
  );
  const results = {
    minutes,
    heapMb,
    visitors: VISITORS,
    members: MEMBERS,
    requests: samples.length,
    perRoute,
    memory,
    targets,
    errors: errors.slice(0, 100),
  };
  fs.writeFileSync(path.join(outDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  if (!targets.errors.met || !targets.rss.met) exitCode = 1;
} catch (error) {
  console.error(`soak failed: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await server?.stop();
  // The run's members go with everything they wrote (the data layer's account deletion keeps counters right).
  for (const m of members) {
    try {
      const actor = await sessionActor(m.token, handle.db);
      if (actor) await deleteAccount(actor, MEMBER_PASSWORD, handle.db);
    } catch (error) {
      console.error(`soak: deleting member ${m.publicId} failed`, error);
    }
  }
  await handle.close();
  await raw.end({ timeout: 5 });
}
process.exit(exitCode);
