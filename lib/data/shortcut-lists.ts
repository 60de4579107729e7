import 'server-only';
/**
 * Shortcut lists: the collection each toggle fills (HAVE → owned releases, WANTED → wanted
 * releases, seen → watched movies, want to see → movies I want to see), one live one per user and
 * style. Created on first use, and the two movie lists at registration.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { SHORTCUT_STYLES } from '@/lib/validation/collection-limits';
import { TOGGLES, type ShortcutToggleKind } from '@/lib/validation/toggles';
import type { DomainEvents } from './event-types';
import { newPublicId } from './public-id';
import { queryRows } from './sql';

/** The shortcut list of a user as an entry target: its id and the state that decides its counters. */
export type ShortcutList = { id: number; user_id: number; style: number; shortcut_default: boolean; deleted: boolean };

/**
 * The user's live shortcut list of a toggle, created (public, default English name) when missing.
 * Concurrent callers get the same list (the partial unique index on (user_id, style)).
 */
export async function ensureShortcutList(tx: Db, userId: number, kind: ShortcutToggleKind): Promise<ShortcutList> {
  const t = TOGGLES[kind];
  await tx.execute(
    sql`INSERT INTO collections (public_id, user_id, name, category, style, shortcut_default)
        VALUES (${newPublicId()}, ${userId}, ${t.listName}, ${SHORTCUT_STYLES[t.style]}, ${t.style}, true)
        ON CONFLICT (user_id, style) WHERE shortcut_default AND deleted_at IS NULL DO NOTHING`,
  );
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM collections WHERE user_id = ${userId} AND style = ${t.style} AND shortcut_default AND deleted_at IS NULL`,
  );
  return { id: Number(row.id), user_id: userId, style: t.style, shortcut_default: true, deleted: false };
}

/** The default lists every user has from registration: watched movies and movies to watch. */
export async function createDefaultLists(tx: Db, e: DomainEvents['account.created']): Promise<void> {
  for (const kind of ['seen', 'want_see'] as const) await ensureShortcutList(tx, e.userId, kind);
}
