/**
 * `npm run bench [-- --quick] [--skip-import] [--skip-server] [--only search,listings,pages,import,realtime,stream,collections,contributions] [--out DIR]`:
 * the benchmark against the PostgreSQL database at DATABASE_URL (required). Prints a
 * table and the target checks (every target: measured, "MISSED: not measured" or "NOT RUN"),
 * writes bench/results.json and bench/explain/*.txt, and rewrites the results section of
 * docs/performance.md (`--out DIR`: results.json and explain/ in DIR instead, the doc untouched). Cases:
 * search (data layer, HTTP API and raw SQL; with the community lists /api/reviews and /api/posts
 * over HTTP against their raw SQL), listings (page 1 vs page 100), pages (next start
 * under autocannon load vs a static file), import (seed into fresh PGlite and PostgreSQL), realtime
 * (commit-to-client latency of a notification through Soketi to pusher-js, /api/me over HTTP vs its SQL),
 * stream (pages of a member's stream with busy friends, data layer vs its SQL), collections (a
 * 10,000-entry list's pages and a wanted list's offers, no targets).
 * See README "Benchmark" and bench/run.ts. Exit code 0 when it ran (targets missed or
 * not), 1 on an error, 2 on bad arguments.
 */
import path from 'node:path';
import { allowServerOnlyImports } from './server-only';

const USAGE = `usage: DATABASE_URL=postgres://… npm run bench -- [--quick] [--skip-import] [--skip-server] [--only LIST] [--out DIR]
  --quick        CI-sized run: fewer samples, 4 s loads (the results say mode "quick"; every target also judged
                 on each half of its samples: results.json "noise")
  --skip-import  leave out case 4 (seed import into fresh PGlite and PostgreSQL; its targets: NOT RUN)
  --skip-server  do not start the app: the HTTP API timings and the page loads read "MISSED: not measured"
  --only LIST    run only these cases, comma-separated: search, listings, pages, import, realtime, stream, collections, contributions
                 (the targets of the others are reported as NOT RUN)
  --out DIR      write results.json and explain/ into DIR instead of bench/ (docs/performance.md is left alone)`;

const args = process.argv.slice(2).filter((a) => a !== '--');
const flags = new Set(args.filter((a) => a.startsWith('--')));
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',').filter(Boolean) : null;
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? (args[outAt + 1] ?? '') : null;
const known = new Set(['--quick', '--skip-import', '--skip-server', '--only', '--out', '--help']);
const unknown = [...flags].filter((f) => !known.has(f));
if (flags.has('--help') || unknown.length || (only && !only.length) || out === '' || out?.startsWith('--')) {
  if (unknown.length) console.error(`unknown option ${unknown.join(', ')}`);
  console.error(USAGE);
  process.exit(flags.has('--help') ? 0 : 2);
}
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('npm run bench needs DATABASE_URL: a PostgreSQL database holding the catalogue, e.g.');
  console.error('  DATABASE_URL=postgres://postgres@127.0.0.1:5432/discshelf_bench npm run bench');
  console.error('(fresh database: createdb, npm run db:import, npm run db:synthetic; see README "Benchmark")');
  process.exit(2);
}

// lib/data starts with `import 'server-only'`: resolve it to an empty module before loading it.
allowServerOnlyImports();
const { CASES, runBenchmark } = await import('@/bench/run');
const { updateResultsDoc } = await import('./bench-results-doc');
const cases = (only ?? [...CASES]).filter((c): c is (typeof CASES)[number] => (CASES as readonly string[]).includes(c));
if (only && cases.length !== only.length) {
  console.error(`--only takes ${CASES.join(', ')}`);
  process.exit(2);
}
try {
  await runBenchmark({
    databaseUrl,
    quick: flags.has('--quick'),
    cases: flags.has('--skip-import') ? cases.filter((c) => c !== 'import') : cases,
    skipServer: flags.has('--skip-server'),
    outDir: out ? path.resolve(out) : path.resolve('bench'),
    log: (line) => console.log(line),
  });
  if (!out && updateResultsDoc()) console.log('rewrote the results section of docs/performance.md');
} catch (e) {
  console.error(`bench failed: ${(e as Error).message}`);
  process.exitCode = 1;
}
