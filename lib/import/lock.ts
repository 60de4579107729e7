/**
 * The catalogue import lock: one import at a time per database, whatever connection pool or
 * process runs it. A row of `import_locks` names the holder (host, process id); an import that
 * finds it held by a live process refuses to start with a message naming that process. A holder
 * that died without releasing it (a killed start-up import) is taken over at once when it ran on
 * this host and its process is gone, else once its heartbeat is older than LOCK_STALE_SECONDS.
 * Online writes of the data layer do not take this lock: they take their ids from the same
 * sequences as the importer and are protected from re-imports by `edited_fields`.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db';

/** Name of the catalogue import's lock row. */
const LOCK_NAME = 'catalogue';
/** A heartbeat older than this (seconds) frees the lock of a holder on another host. */
export const LOCK_STALE_SECONDS = 600;

/** Thrown when another import holds the lock; the message names it. */
export class ImportLockedError extends Error {
  constructor(holder: { host: string; pid: number; acquired_at: string }) {
    const since = new Date(holder.acquired_at).toISOString();
    super(
      `Another catalogue import is running (process ${holder.pid} on ${holder.host}, since ${since}): wait for it to finish.`,
    );
    this.name = 'ImportLockedError';
  }
}

/** A held lock: renew it while working, release it when done. */
export type ImportLock = { heartbeat: () => Promise<void>; release: () => Promise<void> };

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the catalogue import lock.
 * @returns the lock
 * @throws ImportLockedError when a live import holds it
 */
export async function acquireImportLock(db: Db): Promise<ImportLock> {
  const host = os.hostname();
  const holder = `${host}:${process.pid}:${crypto.randomBytes(6).toString('hex')}`;
  let held = false;
  for (let attempt = 0; attempt < 3 && !held; attempt++) {
    const taken = await queryRows<{ holder: string }>(
      db,
      sql`INSERT INTO import_locks (name, holder, host, pid) VALUES (${LOCK_NAME}, ${holder}, ${host}, ${process.pid})
          ON CONFLICT (name) DO NOTHING RETURNING holder`,
    );
    if (taken.length) {
      held = true;
      break;
    }
    const [current] = await queryRows<{
      holder: string;
      host: string;
      pid: number;
      acquired_at: string;
      stale: boolean;
    }>(
      db,
      sql`SELECT holder, host, pid, acquired_at::text AS acquired_at,
                 heartbeat_at < now() - make_interval(secs => ${LOCK_STALE_SECONDS}) AS stale
          FROM import_locks WHERE name = ${LOCK_NAME}`,
    );
    if (!current) continue;
    const dead = current.host === host && !processAlive(Number(current.pid));
    if (!dead && !current.stale) throw new ImportLockedError(current);
    // Take over from the dead holder, unless another import was quicker.
    const took = await queryRows<{ holder: string }>(
      db,
      sql`UPDATE import_locks SET holder = ${holder}, host = ${host}, pid = ${process.pid}, acquired_at = now(), heartbeat_at = now()
          WHERE name = ${LOCK_NAME} AND holder = ${current.holder} RETURNING holder`,
    );
    held = took.length > 0;
  }
  if (!held) throw new Error('the catalogue import lock changed hands three times while being taken: try again');
  return {
    heartbeat: async () => {
      await db.execute(
        sql`UPDATE import_locks SET heartbeat_at = now() WHERE name = ${LOCK_NAME} AND holder = ${holder}`,
      );
    },
    release: async () => {
      await db.execute(sql`DELETE FROM import_locks WHERE name = ${LOCK_NAME} AND holder = ${holder}`);
    },
  };
}
