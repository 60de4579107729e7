import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': import.meta.dirname,
  // 'server-only' throws outside React Server Components; tests and CLI run lib/data directly.
  'server-only': path.join(import.meta.dirname, 'tests/support/empty-module.ts'),
};

/**
 * Vitest projects: unit (pure functions), integration (real database: PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set), components (client components in happy-dom), ops (production
 * app servers on a PostgreSQL server of the test's own: database restart, two servers; needs the
 * build, so scripts/test.ts runs it beside the vitest phase once the build is there).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // One file per core (vitest's default leaves a core free, which on a 2-core machine means one
    // file at a time); the integration files spend much of their time waiting on PostgreSQL,
    // child processes and Soketi.
    maxWorkers: '100%',
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 600_000,
          // The seeded templates are built once before the files start; each file then works on
          // databases of its own (copies of them, or new ones), so files run in parallel.
          globalSetup: ['tests/support/integration-setup.ts'],
          // argon2 runs once per distinct password (tests/support/password-memo.ts).
          setupFiles: ['tests/support/password-memo.ts'],
          // next-auth imports 'next/server' without the extension Node's ESM resolver needs.
          server: { deps: { inline: ['next-auth'] } },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'ops',
          include: ['tests/ops/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        esbuild: { jsx: 'automatic' },
        test: { name: 'components', include: ['tests/components/**/*.test.tsx'], environment: 'happy-dom' },
      },
    ],
  },
});
