/**
 * `npm run seed:pack`: refreshes seed/*.gz from the shared data folder (SHARED_DATA_DIR, default
 * ../shared/data): gzip -9 without a timestamp, so unchanged data gives identical bytes; and
 * seed/SHA256SUMS, the SHA-256 of each file's content (`sha256sum` format), against which
 * tests/integration/seed-files.test.ts checks the copies where the shared folder is absent.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const from = path.resolve(process.env.SHARED_DATA_DIR || '../shared/data');
const sums: string[] = [];
for (const f of fs
  .readdirSync(from)
  .filter((n) => /\.(json|jsonl)$/.test(n))
  .sort()) {
  const content = fs.readFileSync(path.join(from, f));
  const gz = zlib.gzipSync(content, { level: 9 });
  fs.writeFileSync(path.join('seed', `${f}.gz`), gz);
  sums.push(`${crypto.createHash('sha256').update(content).digest('hex')}  ${f}`);
  console.log(`seed/${f}.gz (${gz.length} bytes)`);
}
fs.writeFileSync(path.join('seed', 'SHA256SUMS'), `${sums.join('\n')}\n`);
console.log('seed/SHA256SUMS');
