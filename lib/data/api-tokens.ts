import 'server-only';
/**
 * Personal API tokens: `Authorization: Bearer <token>` for API clients. Shown once at creation,
 * stored as a hash, listed and revoked by their owner.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { AppError } from '@/lib/errors';
import { apiTokens, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { API_TOKEN_NAME_MAX } from '@/lib/validation/limits';
import { resolveDb } from './sql';
import { hashSecret, newSecret } from './secret-tokens';
import { SESSION_TOUCH_SECONDS } from './sessions';

/** A personal API token as its owner sees it in the list (the token itself is shown once, at creation). */
export type ApiTokenInfo = { id: number; name: string; created_at: string; last_used_at: string | null };

/** Outcome of {@link createApiToken}: the new token, or field problems as message keys (`forms`). */
export type CreateApiTokenResult = { ok: true; id: number; token: string } | { ok: false; errors: { name: 'invalid' } };

/** Most API tokens one account may hold. */
export const API_TOKENS_MAX = 10;

/**
 * Creates a personal API token for `Authorization: Bearer <token>`.
 * @returns the token (shown once) and its id; `name: invalid` when the name is empty or too long
 *   or the account already holds API_TOKENS_MAX tokens
 */
export async function createApiToken(actor: Actor, name: string, db?: Db): Promise<CreateApiTokenResult> {
  const label = name.trim();
  if (!label || label.length > API_TOKEN_NAME_MAX) return { ok: false, errors: { name: 'invalid' } };
  const d = await resolveDb(db);
  const [{ n }] = await d
    .select({ n: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(eq(apiTokens.userId, actor.userId));
  if (n >= API_TOKENS_MAX) return { ok: false, errors: { name: 'invalid' } };
  const { token, hash } = newSecret();
  const [row] = await d
    .insert(apiTokens)
    .values({ userId: actor.userId, name: label, tokenHash: hash })
    .returning({ id: apiTokens.id });
  return { ok: true, id: row.id, token };
}

/** The actor's API tokens, newest first. */
export async function listApiTokens(actor: Actor, db?: Db): Promise<ApiTokenInfo[]> {
  const d = await resolveDb(db);
  const rows = await d.select().from(apiTokens).where(eq(apiTokens.userId, actor.userId)).orderBy(desc(apiTokens.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    created_at: new Date(r.createdAt).toISOString(),
    last_used_at: r.lastUsedAt ? new Date(r.lastUsedAt).toISOString() : null,
  }));
}

/**
 * Revokes one of the actor's API tokens.
 * @throws AppError not_found for an unknown token or another user's
 */
export async function revokeApiToken(actor: Actor, id: number, db?: Db): Promise<void> {
  const d = await resolveDb(db);
  const gone = await d
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, actor.userId)))
    .returning({ id: apiTokens.id });
  if (!gone.length) throw new AppError('not_found');
}

/** The actor of a personal API token (`sessionId` null), or null for an unknown or revoked token. */
export async function apiTokenActor(token: string | null | undefined, db?: Db): Promise<Actor | null> {
  if (!token || token.length > 100) return null;
  const d = await resolveDb(db);
  const [t] = await d
    .select({
      tokenId: apiTokens.id,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: users.id,
      publicId: users.publicId,
      name: users.name,
      role: users.role,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashSecret(token)))
    .limit(1);
  if (!t) return null;
  if (!t.lastUsedAt || Date.now() - new Date(t.lastUsedAt).getTime() > SESSION_TOUCH_SECONDS * 1000) {
    await d.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, t.tokenId));
  }
  return { userId: t.userId, publicId: t.publicId, name: t.name, role: t.role, sessionId: null };
}
