/**
 * The layer rules of eslint.config.mjs fail on bad files: deliberately bad files are written into
 * the tree for the duration of the test (each named `zz-lint-probe-*` and removed afterwards),
 * linted with the project's own configuration, and each must be reported by its rule. A good
 * file next to them proves the rules do not fire on everything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Probe files: path under the repository → content. */
const PROBES: Record<string, string> = {
  // An import cycle between two data modules.
  'lib/data/zz-lint-probe-a.ts': "import { b } from './zz-lint-probe-b';\nexport const a = (): number => b() + 1;\n",
  'lib/data/zz-lint-probe-b.ts':
    "import { a } from '@/lib/data/zz-lint-probe-a';\nexport const b = (): number => (a.length > 1 ? 1 : 0);\n",
  // A component reaching the database.
  'components/zz-lint-probe-db.tsx': "import { getDb } from '@/db';\nexport const probe = getDb;\n",
  // A page reaching the database.
  'app/zz-lint-probe-page.tsx': "import { queryRows } from '@/db';\nexport const probe = queryRows;\n",
  // lib/validation doing I/O.
  'lib/validation/zz-lint-probe.ts':
    "import fs from 'node:fs';\nimport { resolveDb } from '@/lib/data/sql';\nexport const probe = [fs, resolveDb];\n",
  // A client component importing a runtime value from lib/data (a type import is fine).
  'components/zz-lint-probe-client.tsx':
    "'use client';\nimport { listLabels } from '@/lib/data/labels';\nimport type { Page } from '@/lib/data/types';\nexport const probe = listLabels as " +
    'unknown as Page<string>;\n',
  // Allowed: a client component importing only types from lib/data, and a server component its values.
  'components/zz-lint-probe-ok.tsx':
    "'use client';\nimport type { Page } from '@/lib/data/types';\nimport { type LabelListItem } from '@/lib/data/types';\nexport type Probe = " +
    'Page<LabelListItem>;\n',
  // A module outside the data layer opening the database, and one taking only the data folder.
  'lib/auth/zz-lint-probe-db.ts': "import { getDb } from '@/db';\nexport const probe = getDb;\n",
  'lib/auth/zz-lint-probe-data-dir.ts':
    "import { dataDir } from '@/lib/config/data-dir';\nexport const probe = dataDir;\n",
  // A route linking a provider account without the data layer's proof.
  'app/zz-lint-probe-identity.ts':
    "import { insertIdentity } from '@/lib/data/linked-identities';\nexport const probe = insertIdentity;\n",
  'components/zz-lint-probe-server.tsx':
    "import { listLabels } from '@/lib/data/labels';\nexport const probe = listLabels;\n",
};

type Found = Record<string, string[]>;
let found: Found = {};

beforeAll(async () => {
  for (const [file, content] of Object.entries(PROBES)) fs.writeFileSync(path.join(ROOT, file), content);
  try {
    const results = await new ESLint({ cwd: ROOT }).lintFiles(Object.keys(PROBES));
    found = Object.fromEntries(
      results.map((r) => [path.relative(ROOT, r.filePath), r.messages.map((m) => m.ruleId ?? m.message)]),
    );
  } finally {
    for (const file of Object.keys(PROBES)) fs.rmSync(path.join(ROOT, file), { force: true });
  }
}, 180_000);

afterAll(() => {
  for (const file of Object.keys(PROBES)) expect(fs.existsSync(path.join(ROOT, file))).toBe(false);
});

describe('layer rules of npm run lint', () => {
  it('an import cycle is an error in both modules', () => {
    expect(found['lib/data/zz-lint-probe-a.ts']).toContain('import-x/no-cycle');
    expect(found['lib/data/zz-lint-probe-b.ts']).toContain('import-x/no-cycle');
  });

  it('components and app never import db/', () => {
    expect(found['components/zz-lint-probe-db.tsx']).toContain('import-x/no-restricted-paths');
    expect(found['app/zz-lint-probe-page.tsx']).toContain('import-x/no-restricted-paths');
  });

  it('only lib/data, lib/import, scripts, bench and tests import the database client', () => {
    expect(found['lib/auth/zz-lint-probe-db.ts']).toEqual(['layers/db-client-importers']);
    expect(found['app/zz-lint-probe-page.tsx']).toContain('layers/db-client-importers');
    expect(found['lib/auth/zz-lint-probe-data-dir.ts']).toEqual([]);
  });

  it('lib/validation imports no I/O', () => {
    expect(found['lib/validation/zz-lint-probe.ts']).toEqual(
      expect.arrayContaining(['no-restricted-imports', 'import-x/no-restricted-paths']),
    );
  });

  it('nothing outside lib/data calls a data function that checks nothing (insertIdentity)', () => {
    expect(found['app/zz-lint-probe-identity.ts']).toContain('no-restricted-imports');
    expect(found['components/zz-lint-probe-server.tsx']).toEqual([]);
  });

  it('a client component imports no runtime value from lib/data, types only', () => {
    expect(found['components/zz-lint-probe-client.tsx']).toEqual(['layers/client-no-data-runtime']);
    expect(found['components/zz-lint-probe-ok.tsx']).toEqual([]);
    expect(found['components/zz-lint-probe-server.tsx']).toEqual([]);
  });
});
