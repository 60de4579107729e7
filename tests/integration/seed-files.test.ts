/**
 * The seed files the project carries are the shared data, byte for byte once decompressed: each
 * decompresses to the content whose SHA-256 seed/SHA256SUMS records (`npm run seed:pack` writes
 * both from the shared data folder), so a clone without that folder checks its copies too; where
 * the folder is present, its files are the ones recorded.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seedFiles } from '@/lib/import';

const shared = path.resolve(process.env.SHARED_DATA_DIR || '../shared/data');
const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** seed/SHA256SUMS: file name → SHA-256 (hex) of its content. */
function recorded(): Map<string, string> {
  const lines = fs.readFileSync(path.resolve('seed', 'SHA256SUMS'), 'utf8').trim().split('\n');
  return new Map(
    lines.map((line) => {
      const [, hash, name] = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line) ?? [];
      expect(hash, `seed/SHA256SUMS line "${line}"`).toBeDefined();
      return [name!, hash!];
    }),
  );
}

describe('seed/*.gz', () => {
  it('holds all six data files', () => {
    for (const f of seedFiles()) expect(fs.existsSync(f), f).toBe(true);
  });

  it('each decompresses to the content recorded in seed/SHA256SUMS, and it records those six', () => {
    const sums = recorded();
    expect([...sums.keys()].sort()).toEqual(
      seedFiles()
        .map((f) => path.basename(f, '.gz'))
        .sort(),
    );
    for (const [name, hash] of sums)
      expect(sha256(zlib.gunzipSync(fs.readFileSync(path.resolve('seed', `${name}.gz`)))), name).toBe(hash);
  });

  // The shared folder is the team's, outside the repository: a clone (and CI) has none, and the
  // test above checks the copies against what was packed from it.
  if (fs.existsSync(shared))
    it('the shared data folder holds exactly the recorded files', () => {
      const names = fs.readdirSync(shared).filter((n) => /\.(json|jsonl)$/.test(n));
      const sums = recorded();
      expect(names.sort()).toEqual([...sums.keys()].sort());
      for (const name of names) expect(sha256(fs.readFileSync(path.join(shared, name))), name).toBe(sums.get(name));
    });
});
