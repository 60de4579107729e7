import 'server-only';
/**
 * Data helpers of the command-line scripts (scripts/*.ts), which act for a user named on the
 * command line instead of a logged-in session.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { foldText } from '@/lib/text';
import { queryRows, resolveDb } from './sql';
import type { Actor, Role } from '@/lib/auth/actor';

/**
 * The Actor of the user with this name, as a command-line script acts for it: the user's id,
 * public id, name and role from `users`, `sessionId` null (no session). The name must be the
 * user's exact name except for letter case ("site admin" finds "Site Admin"); surrounding spaces
 * are ignored. The lookup uses the unique folded-name index (`users.name_key`).
 * @param name the user name as typed
 * @returns the Actor, or null when no user has that name
 */
export async function actorByUserName(name: string, db?: Db): Promise<Actor | null> {
  const wanted = name.trim();
  const key = foldText(wanted);
  if (!key) return null;
  const d = await resolveDb(db);
  const [row] = await queryRows<{ id: number; public_id: string; name: string; role: Role }>(
    d,
    sql`SELECT id, public_id, name, role FROM users WHERE name_key = ${key} AND lower(name) = lower(${wanted}) LIMIT 1`,
  );
  return row
    ? { userId: Number(row.id), publicId: row.public_id, name: row.name, role: row.role, sessionId: null }
    : null;
}
