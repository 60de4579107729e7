/**
 * `npm run bench:doc [-- --check]`: renders the latest results section of docs/performance.md
 * from bench/results.json (bench/results-doc.ts) and writes it between the doc's
 * `<!-- results:start -->` / `<!-- results:end -->` markers. `--check` writes nothing and exits 1
 * when the doc's section differs from the rendering. Exit code 2 on bad arguments.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  renderResultsSection,
  replaceResultsSection,
  resultsSectionOf,
  type RecordedResults,
} from '@/bench/results-doc';

/** Default locations of the results file and the document. */
export const RESULTS_JSON = path.resolve('bench', 'results.json');
export const PERFORMANCE_DOC = path.resolve('docs', 'performance.md');

/**
 * Rewrites the results section of `docPath` from `resultsPath`.
 * @returns true when the document changed
 * @throws Error when a file cannot be read or the document has no section markers
 */
export function updateResultsDoc(resultsPath = RESULTS_JSON, docPath = PERFORMANCE_DOC): boolean {
  const results = JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as RecordedResults;
  const doc = fs.readFileSync(docPath, 'utf8');
  const next = replaceResultsSection(doc, renderResultsSection(results));
  if (next === doc) return false;
  fs.writeFileSync(docPath, next);
  return true;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const unknown = args.filter((a) => a !== '--check');
  if (unknown.length) {
    console.error(`unknown option ${unknown.join(', ')}\nusage: npm run bench:doc [-- --check]`);
    process.exit(2);
  }
  try {
    if (args.includes('--check')) {
      const results = JSON.parse(fs.readFileSync(RESULTS_JSON, 'utf8')) as RecordedResults;
      const same = resultsSectionOf(fs.readFileSync(PERFORMANCE_DOC, 'utf8')) === renderResultsSection(results);
      console.log(
        same
          ? 'docs/performance.md results match bench/results.json'
          : 'docs/performance.md results are stale: run npm run bench:doc',
      );
      process.exitCode = same ? 0 : 1;
    } else {
      console.log(
        updateResultsDoc() ? 'docs/performance.md results rewritten' : 'docs/performance.md results unchanged',
      );
    }
  } catch (e) {
    console.error(`bench:doc failed: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}
