import 'server-only';
/**
 * Login and registration as the app runs them: input rules, rate limits (lib/data/rate-limits.ts)
 * and the account functions of lib/data/users.ts. Results carry message keys (namespace `forms`)
 * per field; `rateLimited` carries the seconds to wait (HTTP 429 `Retry-After`).
 */
import type { Db } from '@/db';
import { fieldErrors } from '@/lib/errors';
import { loginSchema, type FieldErrors, type LoginInput, type RegisterInput } from '@/lib/validation/users';
import { checkLimit, hitLimit, resetLimit } from './rate-limits';
import { createPasswordReset } from './password-reset';
import { createSession } from './sessions';
import type { SocialIdentity } from '@/lib/auth/social-providers';
import { insertIdentity, type LinkResult } from './linked-identities';
import { registerUser, verifyCredentials, type PublicUser } from './users';

/** Who is asking: client IP (for the per-IP limits) and browser description (session list). */
export type RequestMeta = { ip: string; userAgent?: string | null };

/** Outcome of {@link login} and {@link register}. */
export type AuthResult<T> =
  ({ ok: true } & T) | { ok: false; errors: FieldErrors } | { ok: false; rateLimited: number };

/**
 * Logs in with e-mail and password. Wrong password and unknown e-mail give the same
 * `_form: credentialsIncorrect`, so a login reveals no accounts; a missing e-mail gives
 * `email: emailRequired` ('the email field is required'). Limits: 5 attempts a minute and 20 an
 * hour per IP; 5 failures in 15 minutes lock logins to that e-mail for 15 minutes.
 * `meta.link`: a provider account that matched no user ("{provider} user not found": the login
 * page's "link"), linked to the account once its password is verified, never before.
 * @returns the new session's token (for the cookie) and expiry on success, and with `meta.link`
 *   what linking did (lib/data/linked-identities.ts insertIdentity: 'linked', 'already' or 'taken')
 */
export async function login(
  input: LoginInput,
  meta: RequestMeta & { link?: SocialIdentity | null },
  db?: Db,
): Promise<AuthResult<{ token: string; expiresAt: Date; userId: number; link: LinkResult | null }>> {
  if (!String(input.email ?? '').trim()) return { ok: false, errors: { email: 'emailRequired' } };
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const { email, password } = parsed.data;
  for (const name of ['loginIpMinute', 'loginIpHour'] as const) {
    const r = await hitLimit(name, meta.ip, db);
    if (!r.ok) return { ok: false, rateLimited: r.retryAfter };
  }
  const locked = await checkLimit('loginAccount', email, db);
  if (!locked.ok) return { ok: false, rateLimited: locked.retryAfter };
  const userId = await verifyCredentials(email, password, db);
  if (userId === null) {
    const r = await hitLimit('loginAccount', email, db);
    return r.ok ? { ok: false, errors: { _form: 'credentialsIncorrect' } } : { ok: false, rateLimited: r.retryAfter };
  }
  await resetLimit('loginAccount', email, db);
  const session = await createSession(userId, { userAgent: meta.userAgent, ip: meta.ip }, db);
  const link = meta.link ? await insertIdentity(userId, meta.link, db) : null;
  return { ok: true, token: session.token, expiresAt: session.expiresAt, userId, link };
}

/** Result of the bot check (lib/auth/bot-check.ts verifyBotCheck). */
export type BotCheckResult = 'ok' | 'missing' | 'invalid';

/**
 * Registers an account and logs it in. Every attempt counts against the per-IP limit
 * (RATE_LIMITS.registerIp, 5 a day), failed ones too: an invalid form, a taken name or e-mail and
 * a failed bot check. `botCheck` (the route passes the proof-of-work verification) runs after the
 * limit and before the form is checked: `_form: captchaMissing | captchaInvalid`.
 */
export async function register(
  input: RegisterInput,
  meta: RequestMeta & { botCheck?: () => Promise<BotCheckResult> },
  db?: Db,
): Promise<AuthResult<{ token: string; expiresAt: Date; user: PublicUser }>> {
  const limit = await hitLimit('registerIp', meta.ip, db);
  if (!limit.ok) return { ok: false, rateLimited: limit.retryAfter };
  if (meta.botCheck) {
    const bot = await meta.botCheck();
    if (bot !== 'ok') return { ok: false, errors: { _form: bot === 'missing' ? 'captchaMissing' : 'captchaInvalid' } };
  }
  const r = await registerUser(input, {}, db);
  if (!r.ok) return r;
  const session = await createSession(r.userId, { userAgent: meta.userAgent, ip: meta.ip }, db);
  return { ok: true, token: session.token, expiresAt: session.expiresAt, user: r.user };
}

/**
 * Asks for a password reset link. Always the same neutral answer (`ok: true`) whether or not the
 * address has an account, and in the same time: the caller gets `followUp`, which looks the
 * address up, makes the one-time token and calls `deliver` with the account's name, address and
 * token (the caller mails the link), and runs it after the response is sent (lib/auth/after-response.ts);
 * `followUp` never rejects (a failure is logged). Limits: 5 requests an hour per IP and 5 an hour
 * per e-mail address (counted for unknown addresses too, so the limit reveals nothing).
 */
export async function requestPasswordReset(
  request: {
    email: string;
    meta: RequestMeta;
    deliver: (r: { name: string; email: string; token: string }) => Promise<void>;
  },
  db?: Db,
): Promise<
  { ok: true; followUp: () => Promise<void> } | { ok: false; rateLimited: number } | { ok: false; errors: FieldErrors }
> {
  const { email, meta, deliver } = request;
  const address = email.trim().toLowerCase();
  if (!address) return { ok: false, errors: { email: 'emailRequired' } };
  if (address.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(address))
    return { ok: false, errors: { email: 'emailInvalid' } };
  const ip = await hitLimit('resetIp', meta.ip, db);
  if (!ip.ok) return { ok: false, rateLimited: ip.retryAfter };
  const account = await hitLimit('resetAccount', address, db);
  if (!account.ok) return { ok: false, rateLimited: account.retryAfter };
  const followUp = async () => {
    try {
      const reset = await createPasswordReset(address, db);
      if (reset) await deliver(reset);
    } catch (e) {
      // The client already has its neutral answer; the failure (SMTP down, database) is the operator's.
      console.error('password reset mail failed', e);
    }
  };
  return { ok: true, followUp };
}
