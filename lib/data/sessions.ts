import 'server-only';
/**
 * Login sessions ("remember me"): a random token in an HttpOnly cookie whose hash is
 * checked against `user_sessions` on every request, so logout, "log out everywhere" and password
 * changes take effect at once. A session lasts SESSION_DAYS after its last use and never more
 * than SESSION_MAX_DAYS after it began. The owner lists and ends their sessions
 * (lib/auth/policies.ts canManageSession).
 */
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { readingPrimary, type Db } from '@/db';
import { AppError } from '@/lib/errors';
import { apiTokens, userSessions, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { canManageApiToken, canManageSession } from '@/lib/auth/policies';
import { resolveDb } from './sql';
import { hashSecret, newSecret } from './secret-tokens';

/** Days a session lasts after its last use ("remember me"; extended on use). */
export const SESSION_DAYS = 30;
/**
 * Absolute lifetime of a session in days from its creation: however often it is used, a session
 * ends this long after the login that made it (a stolen cookie does not live for ever).
 */
export const SESSION_MAX_DAYS = 90;
/**
 * Seconds after a login during which its session counts as a fresh login: an account without a
 * password confirms sensitive changes (API tokens, linking, e-mail, deletion) by having logged in
 * (through Facebook or Google) this recently.
 */
export const FRESH_LOGIN_SECONDS = 600;

const DAY_MS = 86_400_000;

/** The sliding expiry of a session created at `createdAt`, used now: capped by SESSION_MAX_DAYS. */
function slidingExpiry(createdAt: Date, now = Date.now()): Date {
  return new Date(Math.min(now + SESSION_DAYS * DAY_MS, createdAt.getTime() + SESSION_MAX_DAYS * DAY_MS));
}

/** The oldest creation time of a session still within SESSION_MAX_DAYS. */
function oldestLiveCreation(now = Date.now()): Date {
  return new Date(now - SESSION_MAX_DAYS * DAY_MS);
}
/** A session's expiry is pushed forward at most this often (seconds), to spare a write per request. */
export const SESSION_TOUCH_SECONDS = 3600;

/** One session in the owner's session list; `current` marks the one making the request. */
export type SessionInfo = {
  id: number;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  user_agent: string | null;
  ip: string | null;
  current: boolean;
};

/**
 * Starts a session for a user. `userAgent` is cut to 300 characters.
 * @returns the token for the browser (shown once) and its expiry
 */
export async function createSession(
  userId: number,
  meta: { userAgent?: string | null; ip?: string | null } = {},
  db?: Db,
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const d = await resolveDb(db);
  const { token, hash } = newSecret();
  const expiresAt = slidingExpiry(new Date());
  const [row] = await d
    .insert(userSessions)
    .values({
      userId,
      tokenHash: hash,
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    })
    .returning({ id: userSessions.id });
  return { token, sessionId: row.id, expiresAt };
}

/**
 * The actor of a session token, or null when the token is unknown, revoked or expired (SESSION_DAYS
 * unused, or SESSION_MAX_DAYS old). A session used after SESSION_TOUCH_SECONDS gets its expiry
 * pushed to SESSION_DAYS from now, but never past SESSION_MAX_DAYS after its creation.
 */
export async function sessionActor(token: string | null | undefined, db?: Db): Promise<Actor | null> {
  if (!token || token.length > 100) return null;
  // On the primary even with read replicas: a revocation holds at once (db/read-routing.ts).
  return readingPrimary(() => sessionActorLookup(token, db));
}

/** The lookup of {@link sessionActor} (a token of at most 100 characters). */
async function sessionActorLookup(token: string, db?: Db): Promise<Actor | null> {
  const d = await resolveDb(db);
  const [s] = await d
    .select({
      sessionId: userSessions.id,
      createdAt: userSessions.createdAt,
      lastUsedAt: userSessions.lastUsedAt,
      userId: users.id,
      publicId: users.publicId,
      name: users.name,
      role: users.role,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.tokenHash, hashSecret(token)),
        gt(userSessions.expiresAt, new Date()),
        gt(userSessions.createdAt, oldestLiveCreation()),
      ),
    )
    .limit(1);
  if (!s) return null;
  if (Date.now() - new Date(s.lastUsedAt).getTime() > SESSION_TOUCH_SECONDS * 1000) {
    await d
      .update(userSessions)
      .set({ lastUsedAt: new Date(), expiresAt: slidingExpiry(new Date(s.createdAt)) })
      .where(eq(userSessions.id, s.sessionId));
  }
  return { userId: s.userId, publicId: s.publicId, name: s.name, role: s.role, sessionId: s.sessionId };
}

/**
 * The actor's sessions that have not expired, most recently used first (lib/auth/policies.ts
 * canManageSession).
 * @throws AppError unauthorized when the actor may not manage its own sessions
 */
export async function listSessions(actor: Actor, db?: Db): Promise<SessionInfo[]> {
  if (!canManageSession(actor, { userId: actor.userId })) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const rows = await d
    .select()
    .from(userSessions)
    .where(
      and(
        eq(userSessions.userId, actor.userId),
        gt(userSessions.expiresAt, new Date()),
        gt(userSessions.createdAt, oldestLiveCreation()),
      ),
    )
    .orderBy(desc(userSessions.lastUsedAt), desc(userSessions.id));
  return rows.map((r) => ({
    id: r.id,
    created_at: new Date(r.createdAt).toISOString(),
    last_used_at: new Date(r.lastUsedAt).toISOString(),
    expires_at: new Date(r.expiresAt).toISOString(),
    user_agent: r.userAgent,
    ip: r.ip,
    current: r.id === actor.sessionId,
  }));
}

/**
 * Ends one of the actor's own sessions (canManageSession on the session's owner).
 * @throws AppError not_found for an unknown session or another user's
 */
export async function revokeSession(actor: Actor, sessionId: number, db?: Db): Promise<void> {
  const d = await resolveDb(db);
  const [session] = await d
    .select({ userId: userSessions.userId })
    .from(userSessions)
    .where(eq(userSessions.id, sessionId))
    .limit(1);
  if (!session || !canManageSession(actor, session)) throw new AppError('not_found');
  const gone = await d
    .delete(userSessions)
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, actor.userId)))
    .returning({ id: userSessions.id });
  if (!gone.length) throw new AppError('not_found');
}

/**
 * Ends every session of the actor ("log out everywhere"), or every other one with `keepCurrent`.
 * @returns the number of sessions ended
 * @throws AppError unauthorized when the actor may not manage its own sessions (canManageSession)
 */
export async function revokeAllSessions(actor: Actor, opts: { keepCurrent?: boolean } = {}, db?: Db): Promise<number> {
  if (!canManageSession(actor, { userId: actor.userId })) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const keep = opts.keepCurrent && actor.sessionId != null ? ne(userSessions.id, actor.sessionId) : undefined;
  const gone = await d
    .delete(userSessions)
    .where(and(eq(userSessions.userId, actor.userId), keep))
    .returning({ id: userSessions.id });
  return gone.length;
}

/**
 * "Log out everywhere": ends every session of the actor, this one too, and revokes every personal
 * API token of the account, in one transaction (whoever held a stolen cookie or token is out).
 * @returns the numbers of sessions ended and tokens revoked
 * @throws AppError unauthorized when the actor may not manage its own sessions and tokens
 *   (canManageSession, canManageApiToken)
 */
export async function logOutEverywhere(actor: Actor, db?: Db): Promise<{ sessions: number; tokens: number }> {
  const own = { userId: actor.userId };
  if (!canManageSession(actor, own) || !canManageApiToken(actor, own)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  return d.transaction(async (tx) => {
    const s = await tx
      .delete(userSessions)
      .where(eq(userSessions.userId, actor.userId))
      .returning({ id: userSessions.id });
    const t = await tx.delete(apiTokens).where(eq(apiTokens.userId, actor.userId)).returning({ id: apiTokens.id });
    return { sessions: s.length, tokens: t.length };
  });
}

/**
 * Whether the actor acts through a session that began at most FRESH_LOGIN_SECONDS ago (a fresh
 * login); false for an API token (no session).
 */
export async function isFreshLogin(actor: Actor, db?: Db): Promise<boolean> {
  if (actor.sessionId == null) return false;
  const d = await resolveDb(db);
  const [s] = await d
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(
      and(
        eq(userSessions.id, actor.sessionId),
        eq(userSessions.userId, actor.userId),
        gt(userSessions.createdAt, new Date(Date.now() - FRESH_LOGIN_SECONDS * 1000)),
      ),
    )
    .limit(1);
  return !!s;
}

/**
 * Ends the session of a session token (logout). Unknown tokens are ignored.
 * @returns true when a session was ended
 */
export async function endSession(token: string | null | undefined, db?: Db): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const d = await resolveDb(db);
  const gone = await d
    .delete(userSessions)
    .where(eq(userSessions.tokenHash, hashSecret(token)))
    .returning({ id: userSessions.id });
  return gone.length > 0;
}
