/** The seed files the project carries are the shared data, byte for byte once decompressed. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seedFiles } from '@/lib/import';

const shared = path.resolve(process.env.SHARED_DATA_DIR || '../shared/data');

describe('seed/*.gz', () => {
  it('holds all six data files', () => {
    for (const f of seedFiles()) expect(fs.existsSync(f), f).toBe(true);
  });

  it.runIf(fs.existsSync(shared))('decompresses to exactly the content of ../shared/data', () => {
    const names = fs.readdirSync(shared).filter((n) => /\.(json|jsonl)$/.test(n));
    expect(names.sort()).toEqual(
      seedFiles()
        .map((f) => path.basename(f, '.gz'))
        .sort(),
    );
    for (const name of names) {
      const seed = zlib.gunzipSync(fs.readFileSync(path.resolve('seed', `${name}.gz`)));
      expect(seed.equals(fs.readFileSync(path.join(shared, name))), name).toBe(true);
    }
  });
});
