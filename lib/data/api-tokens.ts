import 'server-only';
/**
 * Personal API tokens: `Authorization: Bearer <token>` for API clients. Shown once at creation,
 * stored as a hash, valid for the days chosen at creation (API_TOKEN_DAYS), listed and revoked by
 * their owner (lib/auth/policies.ts canManageApiToken); a password change or reset and "log out
 * everywhere" revoke them all.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { readingPrimary, type Db } from '@/db';
import { AppError } from '@/lib/errors';
import { apiTokens, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { canManageApiToken } from '@/lib/auth/policies';
import { API_TOKEN_NAME_MAX } from '@/lib/validation/limits';
import { resolveDb } from './sql';
import { hashSecret, newSecret } from './secret-tokens';
import { SESSION_TOUCH_SECONDS } from './sessions';
import { reauthenticate, type ReauthRefused } from './reauth';

/**
 * A personal API token as its owner sees it in the list (the token itself is shown once, at
 * creation); `expired` once `expires_at` has passed (it no longer authenticates).
 */
export type ApiTokenInfo = {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  expired: boolean;
};

/** Outcome of {@link createApiToken}: the new token, or field problems as message keys (`forms`). */
export type CreateApiTokenResult =
  | { ok: true; id: number; token: string; expiresAt: Date }
  | { ok: false; errors: { name?: 'invalid'; days?: 'invalid' } }
  | ReauthRefused;

/** Most unexpired API tokens one account may hold. */
export const API_TOKENS_MAX = 10;
/** The lifetimes (days) a new API token may be given; API_TOKEN_DEFAULT_DAYS when none is chosen. */
export const API_TOKEN_DAYS = [30, 90, 365] as const;
/** Default lifetime of a new API token, in days. */
export const API_TOKEN_DEFAULT_DAYS = 90;

/**
 * Creates a personal API token for `Authorization: Bearer <token>`, valid `days` (one of
 * API_TOKEN_DAYS, default API_TOKEN_DEFAULT_DAYS), after re-authenticating the owner
 * (lib/data/reauth.ts reauthenticate: `current` is the account's password, or "" for an account
 * without one, which needs a fresh login).
 * @param input the token's name, its lifetime (null or absent: the default) and `current`
 * @returns the token (shown once), its id and expiry; `current: credentialsIncorrect |
 *   reauthFreshLogin` when not confirmed (checked before the other fields); `name: invalid` when
 *   the name is empty or too long or the account already holds API_TOKENS_MAX unexpired tokens;
 *   `days: invalid` for another lifetime
 * @throws AppError unauthorized when the actor may not make tokens of its own (canManageApiToken);
 *   rate_limited after 5 wrong passwords (the account's login limit)
 */
export async function createApiToken(
  actor: Actor,
  input: { name: string; days?: number | null; current: string },
  db?: Db,
): Promise<CreateApiTokenResult> {
  if (!canManageApiToken(actor, { userId: actor.userId })) throw new AppError('unauthorized');
  const { name, days, current } = input;
  const d = await resolveDb(db);
  const refused = await reauthenticate(actor, current, d);
  if (refused) return refused;
  const label = name.trim();
  if (!label || label.length > API_TOKEN_NAME_MAX) return { ok: false, errors: { name: 'invalid' } };
  const lifetime = days ?? API_TOKEN_DEFAULT_DAYS;
  if (!(API_TOKEN_DAYS as readonly number[]).includes(lifetime)) return { ok: false, errors: { days: 'invalid' } };
  const [{ n }] = await d
    .select({ n: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, actor.userId), gt(apiTokens.expiresAt, new Date())));
  if (n >= API_TOKENS_MAX) return { ok: false, errors: { name: 'invalid' } };
  const { token, hash } = newSecret();
  const expiresAt = new Date(Date.now() + lifetime * 86_400_000);
  const [row] = await d
    .insert(apiTokens)
    .values({ userId: actor.userId, name: label, tokenHash: hash, expiresAt })
    .returning({ id: apiTokens.id });
  return { ok: true, id: row.id, token, expiresAt };
}

/**
 * Revokes every API token of a user (password change or reset; "log out everywhere" does it in
 * lib/data/sessions.ts logOutEverywhere). Checks nothing: its callers have proven the user (the
 * current password, or a reset link). @returns the number revoked
 */
export async function revokeAllApiTokens(userId: number, db?: Db): Promise<number> {
  const d = await resolveDb(db);
  const gone = await d.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ id: apiTokens.id });
  return gone.length;
}

/**
 * The actor's API tokens (expired ones too, until purged), newest first.
 * @throws AppError unauthorized when the actor may not see its own tokens (canManageApiToken)
 */
export async function listApiTokens(actor: Actor, db?: Db): Promise<ApiTokenInfo[]> {
  if (!canManageApiToken(actor, { userId: actor.userId })) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const rows = await d.select().from(apiTokens).where(eq(apiTokens.userId, actor.userId)).orderBy(desc(apiTokens.id));
  const now = Date.now();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    created_at: new Date(r.createdAt).toISOString(),
    last_used_at: r.lastUsedAt ? new Date(r.lastUsedAt).toISOString() : null,
    expires_at: new Date(r.expiresAt).toISOString(),
    expired: new Date(r.expiresAt).getTime() <= now,
  }));
}

/**
 * Revokes one of the actor's API tokens (canManageApiToken on the token's owner).
 * @throws AppError not_found for an unknown token or another user's
 */
export async function revokeApiToken(actor: Actor, id: number, db?: Db): Promise<void> {
  const d = await resolveDb(db);
  const [token] = await d.select({ userId: apiTokens.userId }).from(apiTokens).where(eq(apiTokens.id, id)).limit(1);
  if (!token || !canManageApiToken(actor, token)) throw new AppError('not_found');
  const gone = await d
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, actor.userId)))
    .returning({ id: apiTokens.id });
  if (!gone.length) throw new AppError('not_found');
}

/** The actor of a personal API token (`sessionId` null), or null for an unknown, revoked or expired token. */
export async function apiTokenActor(token: string | null | undefined, db?: Db): Promise<Actor | null> {
  if (!token || token.length > 100) return null;
  // On the primary even with read replicas: a revocation holds at once (db/read-routing.ts).
  return readingPrimary(() => apiTokenActorLookup(token, db));
}

/** The lookup of {@link apiTokenActor} (a token of at most 100 characters). */
async function apiTokenActorLookup(token: string, db?: Db): Promise<Actor | null> {
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
    .where(and(eq(apiTokens.tokenHash, hashSecret(token)), gt(apiTokens.expiresAt, new Date())))
    .limit(1);
  if (!t) return null;
  if (!t.lastUsedAt || Date.now() - new Date(t.lastUsedAt).getTime() > SESSION_TOUCH_SECONDS * 1000) {
    await d.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, t.tokenId));
  }
  return { userId: t.userId, publicId: t.publicId, name: t.name, role: t.role, sessionId: null };
}
