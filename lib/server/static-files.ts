/**
 * Next's build output under `/_next/static/` (JavaScript chunks, CSS, fonts: content-hashed names,
 * never changed once built) served by the app's server itself instead of by Next, from
 * precompressed copies. Next runs its whole request handling for each such file and compresses
 * it again (gzip) on every request, and a first visit loads a dozen of them (the effect on a page
 * view is measured by the bench's `pages/view_release` row, docs/performance.md). Here the files are compressed once (brotli and gzip at their highest levels,
 * next to each file as `.br` and `.gz`) when the production server starts, and `sirv` answers
 * with the variant the browser accepts (`Vary: Accept-Encoding`), `Cache-Control: public,
 * max-age=31536000, immutable` as Next does, and everything else (a file it does not have) falls
 * through to Next.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';

/** The URL prefix of Next's build output. */
export const STATIC_PREFIX = '/_next/static/';

/** Extensions worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.txt', '.html', '.map', '.wasm']);
/** Smaller files gain nothing from compression. */
const MIN_BYTES = 1024;

/** Files of `dir` and its subfolders (paths), none when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** Whether `copy` exists and is at least as new as `source`. */
function upToDate(copy: string, source: fs.Stats): boolean {
  try {
    return fs.statSync(copy).mtimeMs >= source.mtimeMs;
  } catch {
    return false;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every
 * compressible file of at least 1 KB under `dir`, unless an up-to-date copy is there already
 * (so a restart on the same build costs a directory walk). Each copy is written to a temporary
 * name and renamed, so a reader never sees half a file.
 * @returns how many files qualify and how many copies were written
 */
export function precompressStatic(dir: string): { files: number; written: number } {
  let files = 0;
  let written = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    const stats = fs.statSync(file);
    if (stats.size < MIN_BYTES) continue;
    files++;
    let content: Buffer | null = null;
    for (const [ext, compress] of [
      [
        '.br',
        (b: Buffer) =>
          zlib.brotliCompressSync(b, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length,
            },
          }),
      ],
      ['.gz', (b: Buffer) => zlib.gzipSync(b, { level: 9 })],
    ] as const) {
      const copy = file + ext;
      if (upToDate(copy, stats)) continue;
      content ??= fs.readFileSync(file);
      const tmp = `${copy}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, compress(content));
      fs.renameSync(tmp, copy);
      written++;
    }
  }
  return { files, written };
}

/**
 * A request handler for `/_next/static/…` over `dir` (`.next/static`), built after
 * {@link precompressStatic}: it answers the files it found when it was made, each in the encoding
 * the request accepts (brotli, gzip, else the file itself), and calls `next` for any other URL or
 * a file it does not have (Next then answers, a 404 included).
 */
export function staticFiles(dir: string): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const serve = sirv(dir, {
    dev: false,
    etag: false,
    maxAge: 31536000,
    immutable: true,
    brotli: true,
    gzip: true,
    extensions: [],
    dotfiles: false,
  });
  return (req, res, next) => {
    const url = req.url ?? '';
    if (!url.startsWith(STATIC_PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    req.url = url.slice(STATIC_PREFIX.length - 1);
    serve(req, res, () => {
      req.url = url;
      next();
    });
  };
}
