/**
 * `npm run bench:floor [-- --quick]`: the render floor of never-cached ISR pages (bench/floor.ts).
 * Builds the committed HEAD in a temporary git worktree with two probe routes (a trivial page
 * under its own minimal root layout, and under the app's real root layout), serves it with
 * DATABASE_URL (required: PostgreSQL at bench scale, read only), and loads each probe and the
 * release page cached and never cached, interleaved, with the settings of `npm run bench`'s pages
 * case. Prints req/s, TTFB p50 / p95 and the never-cached / cached ratios; writes
 * bench/floor-results.json. Takes about 5 minutes on 2 cores (the build is half of it).
 * Exit code 0 when it ran, 1 on an error, 2 on bad arguments or a missing DATABASE_URL.
 */
import path from 'node:path';
import { allowServerOnlyImports } from './server-only';

const USAGE = `usage: DATABASE_URL=postgres://… npm run bench:floor [-- --quick]
  --quick  the bench's quick settings: 4 s loads per target instead of 12 s, fewer ids`;

const args = process.argv.slice(2).filter((a) => a !== '--');
const known = new Set(['--quick', '--help']);
const unknown = args.filter((a) => !known.has(a));
if (args.includes('--help') || unknown.length) {
  if (unknown.length) console.error(`unknown argument ${unknown.join(', ')}`);
  console.error(USAGE);
  process.exit(args.includes('--help') && !unknown.length ? 0 : 2);
}
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error(
    'npm run bench:floor needs DATABASE_URL: a PostgreSQL database holding the catalogue at bench scale, e.g.',
  );
  console.error('  DATABASE_URL=postgres://postgres@127.0.0.1:5432/discshelf_bench npm run bench:floor');
  console.error(USAGE);
  process.exit(2);
}

// bench/run.ts (the bench settings) loads lib/data, which starts with `import 'server-only'`.
allowServerOnlyImports();
const { runFloor } = await import('@/bench/floor');
try {
  await runFloor({
    repoRoot: process.cwd(),
    databaseUrl,
    quick: args.includes('--quick'),
    outFile: path.resolve('bench', 'floor-results.json'),
    log: (line) => console.log(line),
  });
} catch (e) {
  console.error(`bench:floor failed: ${(e as Error).message}`);
  process.exitCode = 1;
}
