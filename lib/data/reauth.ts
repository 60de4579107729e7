import 'server-only';
/**
 * Re-authentication before a sensitive change: the account's current password, or for an account
 * without one a fresh login. The data-layer functions of those changes call it themselves
 * (users.ts changeEmail, changePassword and deleteAccount, api-tokens.ts createApiToken,
 * linked-identities.ts grantIdentityLink and unlinkIdentity), so no caller can skip it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/db';
import { users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { verifyPassword } from '@/lib/auth/password';
import { AppError } from '@/lib/errors';
import { checkLimit, hitLimit, resetLimit } from './rate-limits';
import { isFreshLogin } from './sessions';
import { resolveDb } from './sql';

/** Outcome of {@link confirmIdentity}: field errors are message keys (namespace `forms`). */
export type ConfirmResult =
  | { ok: true }
  | { ok: false; errors: { current: 'credentialsIncorrect' | 'reauthFreshLogin' } }
  | { ok: false; rateLimited: number };

/**
 * Re-authentication before a sensitive change (API token, linking or unlinking Facebook/Google,
 * e-mail change, deletion): the account's current password, or for an account without a password
 * (Facebook or Google only) a fresh login (a session created within FRESH_LOGIN_SECONDS;
 * `current: reauthFreshLogin` otherwise). A wrong password is `current: credentialsIncorrect` and
 * counts as a failed login of the account (lib/data/rate-limits.ts `loginAccount`: after 5, 15
 * minutes' wait), so a stolen session cannot guess the password without limit.
 */
export async function confirmIdentity(actor: Actor, password: string, db?: Db): Promise<ConfirmResult> {
  const d = await resolveDb(db);
  const [u] = await d
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!u) return { ok: false, errors: { current: 'credentialsIncorrect' } };
  if (!u.passwordHash)
    return (await isFreshLogin(actor, d)) ? { ok: true } : { ok: false, errors: { current: 'reauthFreshLogin' } };
  const locked = await checkLimit('loginAccount', u.email, d);
  if (!locked.ok) return { ok: false, rateLimited: locked.retryAfter };
  if (await verifyPassword(u.passwordHash, password)) {
    await resetLimit('loginAccount', u.email, d);
    return { ok: true };
  }
  const r = await hitLimit('loginAccount', u.email, d);
  return r.ok ? { ok: false, errors: { current: 'credentialsIncorrect' } } : { ok: false, rateLimited: r.retryAfter };
}

/** A refused re-authentication: the `current` field's message key (namespace `forms`). */
export type ReauthRefused = { ok: false; errors: { current: 'credentialsIncorrect' | 'reauthFreshLogin' } };

/**
 * {@link confirmIdentity} as the sensitive data-layer functions use it before they change
 * anything (createApiToken, grantIdentityLink, unlinkIdentity, deleteAccount), so no caller can
 * skip it. Null when confirmed, else the field errors, which a route answers 400
 * `{ fields: { current } }`.
 * @throws AppError rate_limited (429, Retry-After) while the account's login limit is used up
 */
export async function reauthenticate(actor: Actor, password: string, db?: Db): Promise<ReauthRefused | null> {
  const r = await confirmIdentity(actor, password, db);
  if (r.ok) return null;
  if ('rateLimited' in r) throw new AppError('rate_limited', { seconds: r.rateLimited });
  return r;
}
