/**
 * How the app's HTTP server (scripts/serve.ts) is started by `npm start` (scripts/start.ts), the
 * operations tests and the benchmarks.
 *
 * In production it runs from a bundle made with esbuild (`.next/discshelf-serve.mjs`: the script
 * and the project modules it imports inlined, packages left to Node) under plain `node`. A process
 * started with `--import tsx` keeps tsx's module hooks for its whole life, and Next resolves and
 * imports modules while it handles each request, each of them crossing those hooks: measured on
 * loopback, one request at a time, that cost 1.5-2 ms per request (a static file 3.8 ms instead of
 * 2.7 ms at the median), more than Next's own work for a static file. In development
 * (`--dev`) the script runs through tsx as it is (no bundle, Next's hot reload).
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

/** Where the production bundle is written, relative to the project root. */
export const SERVE_BUNDLE = path.join('.next', 'discshelf-serve.mjs');

/**
 * Bundles scripts/serve.ts into {@link SERVE_BUNDLE} under `root` (about 0.1 s; written to a
 * temporary file and renamed, so two starts at once never see half a file).
 * @returns the bundle's absolute path
 * @throws Error from esbuild when the script does not compile
 */
export function bundleServer(root: string): string {
  const outfile = path.join(root, SERVE_BUNDLE);
  const result = buildSync({
    entryPoints: [path.join(root, 'scripts', 'serve.ts')],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    write: false,
    outfile,
    logLevel: 'warning',
  });
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  const tmp = `${outfile}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, result.outputFiles[0].contents);
  fs.renameSync(tmp, outfile);
  return outfile;
}

/**
 * Node arguments that start the server in `root` (spawn them with `process.execPath`):
 * production bundles first ({@link bundleServer}) and runs the bundle; `dev` runs scripts/serve.ts
 * through tsx with `--dev`. `extra` is appended (`--port N`, `--hostname ADDRESS`).
 */
export function serverArgs(root: string, { dev = false, extra = [] as string[] } = {}): string[] {
  if (dev) return ['--import', 'tsx', path.join(root, 'scripts', 'serve.ts'), '--dev', ...extra];
  return [bundleServer(root), ...extra];
}
