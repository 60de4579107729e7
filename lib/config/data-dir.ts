/**
 * Where the app keeps its local state: the PGlite database (db/index.ts, and the backup and
 * restore scripts that archive it), generated secrets (lib/auth/secrets.ts), mail files
 * (lib/mail.ts) and uploaded pictures (lib/images.ts). Configuration only: it opens nothing, so a
 * module that needs the folder takes it from here without importing the database client.
 */
import path from 'node:path';

/** Root of local state (PGlite, mail files, uploads): env DATA_DIR, default `.data` in the working directory. */
export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR || '.data');
}
