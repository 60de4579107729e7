/**
 * Terminal progress display for imports (cli-progress): one bar per file and phase; plain lines
 * when the output is not a terminal (CI logs).
 */
import cliProgress from 'cli-progress';
import type { ImportProgress } from '@/lib/import';

/** Creates a progress callback for importFiles and a stop function. */
export function createImportProgress(): {
  onProgress: (report: ImportProgress) => void;
  stop: () => void;
} {
  if (!process.stdout.isTTY) {
    let last = '';
    return {
      onProgress: ({ file, phase, done, total }) => {
        const key = `${file} ${phase}`;
        if (key !== last && done >= total) {
          console.log(`  ${file}: ${phase} ${done}/${total}`);
          last = key;
        }
      },
      stop: () => {},
    };
  }
  const bar = new cliProgress.SingleBar(
    { format: '  {file} {phase} [{bar}] {percentage}% {value}/{total}', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  let current = '';
  return {
    onProgress: ({ file, phase, done, total }) => {
      const key = `${file}|${phase}`;
      if (key !== current) {
        if (current) bar.stop();
        bar.start(total, done, { file, phase });
        current = key;
      } else bar.update(done);
    },
    stop: () => {
      if (current) bar.stop();
    },
  };
}
