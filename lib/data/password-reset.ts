import 'server-only';
/**
 * Password reset by e-mail: a single-use token valid RESET_TOKEN_MINUTES; redeeming it sets the
 * new password, spends every open reset token of the account, ends its sessions and (by default)
 * revokes its personal API tokens.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/db';
import { passwordResetTokens, userSessions, users } from '@/db/schema';
import { hashPassword, passwordProblem } from '@/lib/auth/password';
import { RESET_TOKEN_MINUTES } from '@/lib/validation/limits';
import { type FieldErrors } from '@/lib/validation/users';
import { revokeAllApiTokens } from './api-tokens';
import { hitLimit } from './rate-limits';
import { resolveDb } from './sql';
import { hashSecret, newSecret } from './secret-tokens';

/**
 * Creates a one-time password reset token for the account of an e-mail address.
 * @returns the token (for the mailed link) and the user's name, or null for an unknown address
 */
export async function createPasswordReset(
  email: string,
  db?: Db,
): Promise<{ token: string; name: string; email: string } | null> {
  const d = await resolveDb(db);
  const [u] = await d
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!u) return null;
  const { token, hash } = newSecret();
  await d
    .insert(passwordResetTokens)
    .values({ userId: u.id, tokenHash: hash, expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000) });
  return { token, name: u.name, email: u.email };
}

/** Outcome of {@link redeemPasswordReset}: field errors are message keys (`_form: resetInvalid`). */
export type RedeemResult =
  | { ok: true; userId: number; tokensRevoked: number }
  | { ok: false; errors: FieldErrors }
  | { ok: false; rateLimited: number };

/**
 * Sets a new password with a reset token: the token must exist, be unused and unexpired; it is
 * spent, every other reset token of the account too, every session of the account ends and,
 * unless `revokeTokens` is false, every personal API token is revoked (the default).
 * Order: the per-IP limit (RATE_LIMITS.resetRedeemIp, counted for every attempt), then the token is
 * looked up by its SHA-256, and only for a live token are the password rules checked and the new
 * password hashed, so guessing tokens costs no argon2 work.
 */
export async function redeemPasswordReset(
  input: { token: string; password: string; password2: string; revokeTokens?: boolean; ip: string },
  db?: Db,
): Promise<RedeemResult> {
  const { token, password, password2, revokeTokens = true, ip } = input;
  const d = await resolveDb(db);
  const limit = await hitLimit('resetRedeemIp', ip, d);
  if (!limit.ok) return { ok: false, rateLimited: limit.retryAfter };
  const invalid: RedeemResult = { ok: false, errors: { _form: 'resetInvalid' } };
  if (!token || token.length > 100) return invalid;
  const tokenHash = hashSecret(token);
  const live = and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );
  const [found] = await d.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(live).limit(1);
  if (!found) return invalid;
  const problem = passwordProblem(password);
  if (problem)
    return {
      ok: false,
      errors: {
        password: problem === 'tooShort' ? 'passwordTooShort' : problem === 'tooLong' ? 'maxLength' : 'passwordCommon',
      },
    };
  if (password !== password2) return { ok: false, errors: { password2: 'passwordsDoNotMatch' } };
  const passwordHash = await hashPassword(password);
  return d.transaction(async (tx) => {
    // Spent here, under the same conditions: a concurrent redemption of the same token loses.
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(live)
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return invalid;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, spent.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    await tx.delete(userSessions).where(eq(userSessions.userId, spent.userId));
    const tokensRevoked = revokeTokens ? await revokeAllApiTokens(spent.userId, tx as unknown as Db) : 0;
    return { ok: true, userId: spent.userId, tokensRevoked } as RedeemResult;
  });
}
