/**
 * `npm run seed:pack`: refreshes seed/*.gz from the shared data folder (SHARED_DATA_DIR, default
 * ../shared/data): gzip -9 without a timestamp, so unchanged data gives identical bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const from = path.resolve(process.env.SHARED_DATA_DIR || '../shared/data');
for (const f of fs.readdirSync(from).filter((n) => /\.(json|jsonl)$/.test(n))) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(from, f)), { level: 9 });
  fs.writeFileSync(path.join('seed', `${f}.gz`), gz);
  console.log(`seed/${f}.gz (${gz.length} bytes)`);
}
