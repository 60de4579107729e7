import 'server-only';
/**
 * Facebook and Google accounts linked to users: a linked provider account logs its user in; an
 * unknown one is offered "Facebook user not found" with register or link. The OAuth exchange
 * itself is Auth.js's (lib/auth/social.ts); this module only answers "which user is this provider
 * account", links one, and registers a new user from a provider profile. Nothing here trusts an e-mail address from a provider to pick an
 * existing account: linking always needs that account's password or session.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db';
import { userIdentities, users } from '@/db/schema';
import { foldText } from '@/lib/text';
import { singleLine } from '@/lib/one-line';
import { EMAIL_MAX, USER_NAME_MAX } from '@/lib/validation/limits';
import { inTransaction } from './events';
import { resolveDb } from './sql';
import type { Actor } from '@/lib/auth/actor';
import { canChangeCredentials, canSeePrivateProfile } from '@/lib/auth/policies';
import { AppError } from '@/lib/errors';
import { linkGrantAllows, sealLinkGrant } from '@/lib/auth/link-grant';
import type { SocialIdentity, SocialProvider } from '@/lib/auth/social-providers';
import { reauthenticate, type ReauthRefused } from './reauth';
import { insertAccount, type PublicUser } from './users';

/** The id of the user a provider account is linked to, or null when none is. */
export async function identityUser(provider: SocialProvider, subject: string, db?: Db): Promise<number | null> {
  const d = await resolveDb(db);
  const [row] = await d
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.userId ?? null;
}

/** What linking a provider account did. */
export type LinkResult = 'linked' | 'already' | 'taken';

/**
 * Links a provider account to a user. Checks nothing: only data-layer callers that have proven
 * the user (linkIdentity: a link grant; auth.ts login: the password) call it, and the lint rules
 * refuse it anywhere outside lib/data.
 * @returns 'linked'; 'already' when it is linked to this user; 'taken' when it is linked to
 *   another user or this user already has a different account of that provider
 */
export async function insertIdentity(userId: number, identity: SocialIdentity, db?: Db): Promise<LinkResult> {
  const d = await resolveDb(db);
  const inserted = await d
    .insert(userIdentities)
    .values({ userId, provider: identity.provider, subject: identity.subject })
    .onConflictDoNothing()
    .returning({ id: userIdentities.id });
  if (inserted.length) return 'linked';
  return (await identityUser(identity.provider, identity.subject, d)) === userId ? 'already' : 'taken';
}

/**
 * The first step of linking a provider to the actor's account: re-authentication
 * (lib/data/reauth.ts reauthenticate: `current` is the account's password, or "" for an account
 * without one, which needs a fresh login; refused as `current: credentialsIncorrect |
 * reauthFreshLogin`), then a sealed link grant (lib/auth/link-grant.ts, LINK_SECONDS) for the
 * caller to keep in the `discshelf_link` cookie while the browser goes through the provider.
 * Writes nothing.
 * @throws AppError unauthorized when the actor may not change its own credentials
 *   (lib/auth/policies.ts canChangeCredentials); rate_limited after 5 wrong passwords (the
 *   account's login limit)
 */
export async function grantIdentityLink(
  actor: Actor,
  provider: SocialProvider,
  current: string,
  db?: Db,
): Promise<{ ok: true; grant: string } | ReauthRefused> {
  if (!canChangeCredentials(actor, actor.userId)) throw new AppError('unauthorized');
  const refused = await reauthenticate(actor, current, await resolveDb(db));
  if (refused) return refused;
  return { ok: true, grant: await sealLinkGrant(actor.userId, provider) };
}

/**
 * Links the provider account the OAuth exchange just reported to the actor's account, only with
 * the link grant {@link grantIdentityLink} made for this user and provider (`grant`: the cookie's
 * value, null when absent; a forged, expired or other user's grant counts as none).
 * @returns 'unconfirmed' without a valid grant (nothing linked), else {@link insertIdentity}'s result
 * @throws AppError unauthorized when the actor may not change its own credentials (canChangeCredentials)
 */
export async function linkIdentity(
  actor: Actor,
  identity: SocialIdentity,
  grant: string | null,
  db?: Db,
): Promise<LinkResult | 'unconfirmed'> {
  if (!canChangeCredentials(actor, actor.userId)) throw new AppError('unauthorized');
  if (!(await linkGrantAllows(grant, actor.userId, identity.provider))) return 'unconfirmed';
  return insertIdentity(actor.userId, identity, db);
}

/**
 * The providers linked to the actor's account ("edit my data").
 * @throws AppError unauthorized when the actor may not see its own private profile (canSeePrivateProfile)
 */
export async function listIdentities(actor: Actor, db?: Db): Promise<SocialProvider[]> {
  if (!canSeePrivateProfile(actor, actor.userId)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const rows = await d
    .select({ provider: userIdentities.provider })
    .from(userIdentities)
    .where(eq(userIdentities.userId, actor.userId))
    .orderBy(userIdentities.provider);
  return rows.map((r) => r.provider);
}

/**
 * Removes the link of one provider from the actor's account, after re-authentication
 * (lib/data/reauth.ts reauthenticate: `current` is the account's password, or "" for an account
 * without one, which needs a fresh login; refused as `current: credentialsIncorrect |
 * reauthFreshLogin`). Refused (`_form: unlinkRefused`) when the provider is not linked or is the
 * account's only way to log in (no password and no other linked provider).
 * @throws AppError unauthorized when the actor may not change its own credentials
 *   (canChangeCredentials); rate_limited after 5 wrong passwords (the account's login limit)
 */
export async function unlinkIdentity(
  actor: Actor,
  provider: SocialProvider,
  current: string,
  db?: Db,
): Promise<{ ok: true } | { ok: false; errors: { _form: 'unlinkRefused' } } | ReauthRefused> {
  if (!canChangeCredentials(actor, actor.userId)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const refused = await reauthenticate(actor, current, d);
  if (refused) return refused;
  const unlinked = await d.transaction(async (tx) => {
    const [u] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, actor.userId))
      .for('update');
    const linked = await tx
      .select({ provider: userIdentities.provider })
      .from(userIdentities)
      .where(eq(userIdentities.userId, actor.userId));
    if (!u || !linked.some((l) => l.provider === provider)) return false;
    if (!u.passwordHash && linked.length < 2) return false;
    await tx
      .delete(userIdentities)
      .where(and(eq(userIdentities.userId, actor.userId), eq(userIdentities.provider, provider)));
    return true;
  });
  return unlinked ? { ok: true } : { ok: false, errors: { _form: 'unlinkRefused' } };
}

/** Outcome of {@link registerSocialUser}: message keys of the `account` namespace on failure. */
export type SocialRegisterResult =
  | { ok: true; userId: number; user: PublicUser }
  | { ok: false; error: 'socialEmailMissing' | 'socialEmailInUse' | 'socialAlreadyLinked' };

/**
 * Registers a user from a provider profile and links the provider account, in one transaction.
 * The user name is the profile's name (cut to USER_NAME_MAX; "Collector" without one), with " 2",
 * " 3"… appended while it is taken. The account has no password (one can be set through the
 * password reset). Errors: `socialEmailMissing` when the provider shared no usable e-mail address,
 * `socialEmailInUse` when an account has that address (the user logs in to link instead),
 * `socialAlreadyLinked` when the provider account already belongs to a user.
 */
export async function registerSocialUser(identity: SocialIdentity, db?: Db): Promise<SocialRegisterResult> {
  const email = identity.email?.trim().toLowerCase() ?? '';
  if (!email || email.length > EMAIL_MAX || !/^[^\s@]+@[^\s@]+$/.test(email))
    return { ok: false, error: 'socialEmailMissing' };
  const d = await resolveDb(db);
  if ((await identityUser(identity.provider, identity.subject, d)) !== null)
    return { ok: false, error: 'socialAlreadyLinked' };
  const base = singleLine(identity.name ?? '')
    .slice(0, USER_NAME_MAX)
    .trim();
  const stem = foldText(base) ? base : 'Collector';
  const alreadyLinked = new Error('already linked');
  try {
    return await inTransaction(d, async (tx) => {
      for (let n = 1; ; n++) {
        const suffix = n === 1 ? '' : n <= 50 ? ` ${n}` : ` ${crypto.randomUUID().slice(0, 8)}`;
        const name = `${stem.slice(0, USER_NAME_MAX - suffix.length).trim()}${suffix}`;
        const r = await insertAccount(
          { name, nameKey: foldText(name), email, passwordHash: null, country: null, role: 'basic' },
          tx,
        );
        if (!r.ok && r.taken === 'email') return { ok: false, error: 'socialEmailInUse' } as const;
        if (!r.ok) continue;
        const linked = await tx
          .insert(userIdentities)
          .values({ userId: r.userId, provider: identity.provider, subject: identity.subject })
          .onConflictDoNothing()
          .returning({ id: userIdentities.id });
        if (!linked.length) throw alreadyLinked; // linked by a concurrent request: undo the new account
        return r;
      }
    });
  } catch (e) {
    if (e === alreadyLinked) return { ok: false, error: 'socialAlreadyLinked' };
    throw e;
  }
}
