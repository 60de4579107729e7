/**
 * `npm run db:synthetic -- [--releases N] [--movies N] [--persons N] [--users N] [--reviews N]
 * [--posts N] [--comments N] [--seed N] [--replace]`:
 * adds deterministic synthetic rows (lib/synthetic) to the PostgreSQL database at DATABASE_URL
 * (required), after applying pending migrations. Defaults: 1,000,000 releases, 500,000 movies,
 * 1,000,000 persons; a community of 20,000 members writing 200,000 reviews, 50,000 discussions
 * and 500,000 comments (comments on reviews and replies to discussions), with their likes;
 * seed 1. Refuses a seed whose rows are already there unless --replace (which deletes every
 * earlier synthetic row, community rows included, first, in the same transaction).
 * Shows a progress bar per stage, then rows written and seconds per stage.
 * Exit codes: 0 done, 1 failed (nothing written), 2 bad arguments or no DATABASE_URL.
 */
import postgres from 'postgres';
import { migrateDatabase, openDatabase } from '@/db';
import { DEFAULT_SCALE, generateSynthetic, MAX_ROWS, SyntheticSeedPresentError } from '@/lib/synthetic';
import { createImportProgress } from './progress';

const USAGE = `Usage: npm run db:synthetic -- [--releases N] [--movies N] [--persons N] [--users N] [--reviews N]
                                [--posts N] [--comments N] [--seed N] [--replace]
  --releases N  releases to add (default ${DEFAULT_SCALE.releases.toLocaleString('en')})
  --movies N    movies, TV series and episodes to add (default ${DEFAULT_SCALE.movies.toLocaleString('en')})
  --persons N   persons to add (default ${DEFAULT_SCALE.persons.toLocaleString('en')})
  --users N     member accounts to add, the authors of the community rows (default ${DEFAULT_SCALE.users.toLocaleString('en')})
  --reviews N   reviews to add (default ${DEFAULT_SCALE.reviews.toLocaleString('en')})
  --posts N     discussions to add (default ${DEFAULT_SCALE.posts.toLocaleString('en')})
  --comments N  comments on reviews and replies to discussions to add (default ${DEFAULT_SCALE.comments.toLocaleString('en')})
  --seed N      random seed, same seed and counts give the same rows (default ${DEFAULT_SCALE.seed})
  --replace     delete every earlier synthetic row (any seed), community rows included, first
Needs DATABASE_URL=postgres://user@host:5432/db (PostgreSQL only).`;

const COUNTS = ['releases', 'movies', 'persons', 'users', 'reviews', 'posts', 'comments'] as const;
type Args = Record<(typeof COUNTS)[number] | 'seed', number> & { replace: boolean };

/** Parses the command line. @throws Error with a message for the user */
function parseArgs(argv: string[]): Args | 'help' {
  const out: Args = { ...DEFAULT_SCALE, replace: false };
  const numeric = new Set<string>([...COUNTS, 'seed']);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') continue;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--replace') {
      out.replace = true;
      continue;
    }
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (!m || !numeric.has(m[1])) throw new Error(`unknown argument "${arg}"`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${m[1]} needs a value`);
    const digits = value.replace(/[_,]/g, '');
    const max = m[1] === 'seed' ? 2 ** 31 - 1 : MAX_ROWS;
    if (!/^\d+$/.test(digits) || Number(digits) > max)
      throw new Error(`--${m[1]} must be a whole number from 0 to ${max.toLocaleString('en')}, got "${value}"`);
    out[m[1] as keyof Omit<Args, 'replace'>] = Number(digits);
  }
  return out;
}

let args: Args | 'help';
try {
  args = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(`db:synthetic: ${(e as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (args === 'help') {
  console.log(USAGE);
  process.exit(0);
}
const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error(
    `db:synthetic: DATABASE_URL must be set to a PostgreSQL URL (postgres://user@host:5432/db); the embedded PGlite is not supported.\n\n${USAGE}`,
  );
  process.exit(2);
}

const fmt = (n: number) => n.toLocaleString('en');
const handle = await openDatabase({ url });
const sql = postgres(url, { max: 1, onnotice: () => {} });
const progress = createImportProgress();
try {
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  console.log(
    `Adding ${fmt(args.releases)} releases, ${fmt(args.movies)} movies, ${fmt(args.persons)} persons, ` +
      `${fmt(args.users)} members, ${fmt(args.reviews)} reviews, ${fmt(args.posts)} discussions, ${fmt(args.comments)} comments ` +
      `(seed ${args.seed}${args.replace ? ', replacing earlier synthetic rows' : ''}) to ${handle.location} …`,
  );
  const result = await generateSynthetic(sql, {
    ...args,
    onProgress: (stage, done, total) => progress.onProgress({ file: 'synthetic', phase: stage, done, total }),
  });
  progress.stop();
  if (Object.keys(result.deleted).length)
    console.log(
      `Deleted: ${Object.entries(result.deleted)
        .map(([t, n]) => `${t} ${fmt(n)}`)
        .join(', ')}`,
    );
  console.log(
    `Rows: movies ${fmt(result.movies)}, movie_sources ${fmt(result.movieSources)}, persons ${fmt(result.persons)}, credits ${fmt(result.credits)}, ` +
      `labels ${fmt(result.labels)}, label_groups ${fmt(result.labelGroups)}, releases ${fmt(result.releases)}, release_movies ${fmt(result.releaseMovies)}, ` +
      `users ${fmt(result.users)}, reviews ${fmt(result.reviews)}, posts ${fmt(result.posts)}, comments ${fmt(result.comments)}, likes ${fmt(result.likes)}`,
  );
  console.log('Seconds per stage:');
  for (const [stage, s] of Object.entries(result.seconds))
    console.log(`  ${stage.padEnd(14)} ${s.toFixed(1).padStart(7)}`);
  console.log(`  ${'total'.padEnd(14)} ${result.totalSeconds.toFixed(1).padStart(7)}`);
} catch (e) {
  progress.stop();
  if (e instanceof SyntheticSeedPresentError) console.error(`db:synthetic: ${e.message}`);
  else {
    const err = e as Error & { cause?: Error };
    console.error(`db:synthetic failed, nothing was written: ${err.cause?.message ?? err.message.slice(0, 1000)}`);
  }
  process.exitCode = 1;
} finally {
  await sql.end({ timeout: 5 });
}
