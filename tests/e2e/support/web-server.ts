/**
 * The e2e app server (playwright.config.ts's webServer command): scripts/start.ts on DATA_DIR,
 * whose PGlite database is first copied from the integration tests' seeded template when DATA_DIR
 * holds no database yet and a template of the current seed and migrations exists (`npm test`
 * builds it in its vitest phase). The copy takes about a second where importing the seed takes
 * about a minute; start.ts then finds no migration left and skips the seed files whose content
 * was imported, as on any later start. Without a template, start.ts imports the seed itself.
 * An admin account (E2E_ADMIN) is created before the server starts.
 * Arguments: start.ts's (`--port N`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from '@/lib/config/data-dir';
import { builtPgliteTemplate } from '../../support/db';
import { E2E_ADMIN, PASSWORD } from './accounts';

if (!process.env.DATABASE_URL) {
  const target = path.join(dataDir(), 'pglite');
  const template = fs.existsSync(path.join(target, 'PG_VERSION')) ? null : builtPgliteTemplate();
  if (template) {
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(template, target, { recursive: true });
    console.log(`e2e database: a copy of the seeded test template ${path.relative(process.cwd(), template)}`);
  }
}

// The queue's admin (tests/e2e/support/accounts.ts E2E_ADMIN), made once with the command an
// operator uses; a later start finds the account and the command refuses the name, which is fine.
spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/user-create.ts', '--admin', '--name', E2E_ADMIN.name, '--email', E2E_ADMIN.email],
  { stdio: 'ignore', env: { ...process.env, USER_PASSWORD: PASSWORD } },
);

await import('../../../scripts/start');
