/**
 * The e2e app server (playwright.config.ts's webServer command): scripts/start.ts on DATA_DIR,
 * whose PGlite database is first copied from the integration tests' seeded template when DATA_DIR
 * holds no database yet and a template of the current seed and migrations exists (`npm test`
 * builds it in its vitest phase). The copy takes about a second where importing the seed takes
 * about a minute; start.ts then finds no migration left and skips the seed files whose content
 * was imported, as on any later start. Without a template, start.ts imports the seed itself.
 * Arguments: start.ts's (`--port N`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from '@/db';
import { builtPgliteTemplate } from '../../support/db';

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

await import('../../../scripts/start');
