/**
 * Accounts and sessions in lib/data/users.ts on PGlite (and PostgreSQL with TEST_DATABASE_URL):
 * registration rules, credentials (the decoy hash for unknown and password-less accounts), session
 * expiry (sliding and absolute) and revocation, API token expiry and revocation by a password
 * change, a reset and "log out everywhere", re-authentication (checked by the data functions
 * themselves: API token, link grant, unlink, deletion), linking a provider account (only with a
 * link grant, or at a password login), the e-mail change, password reset
 * redemption (token looked up before hashing, per-IP limit), account deletion, and that no public
 * DTO carries an e-mail or a password hash.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows, type DbHandle } from '@/db';
import { apiTokens, passwordResetTokens, userSessions, users } from '@/db/schema';
import { commonPasswords, decoyPasswordHash, hashPassword, passwordProblem, verifyPassword } from '@/lib/auth/password';
import { apiTokenActor, createApiToken, listApiTokens } from '@/lib/data/api-tokens';
import { createPasswordReset, redeemPasswordReset } from '@/lib/data/password-reset';
import { purgeExpired } from '@/lib/data/purge';
import { confirmIdentity } from '@/lib/data/reauth';
import {
  grantIdentityLink,
  insertIdentity,
  linkIdentity,
  listIdentities,
  unlinkIdentity,
} from '@/lib/data/linked-identities';
import {
  createSession,
  listSessions,
  logOutEverywhere,
  revokeAllSessions,
  revokeSession,
  sessionActor,
  SESSION_MAX_DAYS,
} from '@/lib/data/sessions';
import {
  changeEmail,
  changePassword,
  deleteAccount,
  getOwnAccount,
  getUser,
  insertAccount,
  registerUser,
  updateProfile,
  verifyCredentials,
} from '@/lib/data/users';
import { foldText } from '@/lib/text';
import type { Actor } from '@/lib/auth/actor';
import { login, register, requestPasswordReset } from '@/lib/data/auth';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';

assertPostgresConfiguredInCi();

// The real password functions, watched: which hash a login verifies against, and whether a
// redemption hashes anything.
vi.mock('@/lib/auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/auth/password')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword), hashPassword: vi.fn(real.hashPassword) };
});

const PASSWORD = 'Vhs-Collector-1987';
const DAY = 86_400_000;

describe('password rules', () => {
  it('ships at least 10,000 common passwords and refuses them case-insensitively', () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(10_000);
    expect(passwordProblem('password1')).toBe('common');
    expect(passwordProblem('QWERTY123')).toBe('common');
    expect(passwordProblem('abc')).toBe('tooShort');
    expect(passwordProblem('x'.repeat(201))).toBe('tooLong');
    expect(passwordProblem(PASSWORD)).toBeNull();
  });
});

describe.each(testEngines())('accounts and sessions on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  /** A fresh account (unique name and e-mail) and a session actor for it. */
  const account = async (password = PASSWORD): Promise<{ id: number; email: string; actor: Actor; token: string }> => {
    n += 1;
    const email = `collector${n}@example.fi`;
    const r = await registerUser({ name: `Collector ${n}`, email, password, password2: password }, {}, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const s = await createSession(r.userId, { userAgent: 'test' }, h.db);
    const actor = await sessionActor(s.token, h.db);
    if (!actor) throw new Error('no actor');
    return { id: r.userId, email, actor, token: s.token };
  };

  beforeAll(async () => {
    h = await createTestDb(engine);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('registration: field rules as message keys, nothing written on failure', async () => {
    const bad = await registerUser(
      { name: '', email: 'not-an-address', password: '12345', password2: '54321' },
      {},
      h.db,
    );
    expect(bad).toEqual({
      ok: false,
      errors: {
        name: 'required',
        email: 'emailInvalid',
        password: 'passwordTooShort',
        password2: 'passwordsDoNotMatch',
      },
    });
    const common = await registerUser(
      { name: 'Common', email: 'common@example.fi', password: 'iloveyou', password2: 'iloveyou' },
      {},
      h.db,
    );
    expect(common).toEqual({ ok: false, errors: { password: 'passwordCommon' } });
    const [{ c }] = await queryRows<{ c: number }>(h.db, sql`SELECT count(*)::int AS c FROM users`);
    expect(c).toBe(0);
  });

  it('registration stores a lower-cased e-mail and an argon2id hash, and refuses a taken e-mail or user name', async () => {
    const r = await registerUser(
      { name: 'Jaana Keräilijä', email: '  Jaana@Example.FI ', password: PASSWORD, password2: PASSWORD, country: '4' },
      {},
      h.db,
    );
    expect(r.ok).toBe(true);
    const [row] = await h.db.select().from(users).where(eq(users.name, 'Jaana Keräilijä'));
    expect(row.email).toBe('jaana@example.fi');
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.country).toBe(4);
    expect(row.role).toBe('basic');
    expect(
      await registerUser(
        { name: 'Someone Else', email: 'JAANA@example.fi', password: PASSWORD, password2: PASSWORD },
        {},
        h.db,
      ),
    ).toEqual({ ok: false, errors: { email: 'emailInUse' } });
    expect(
      await registerUser(
        { name: 'jaana keräilijä', email: 'other@example.fi', password: PASSWORD, password2: PASSWORD },
        {},
        h.db,
      ),
    ).toEqual({ ok: false, errors: { name: 'nameInUse' } });
  });

  it('public user DTOs carry no e-mail and no password hash', async () => {
    const a = await account();
    const u = await getUser(a.actor.publicId, h.db);
    expect(u).toMatchObject({ name: a.actor.name, role: 'basic', points: 0 });
    const text = JSON.stringify(u);
    expect(text).not.toContain(a.email);
    expect(text).not.toContain('argon2');
    expect(Object.keys(u ?? {})).not.toContain('email');
  });

  it('credentials: the right pair gives the account; a wrong password and an unknown e-mail both give null', async () => {
    const a = await account();
    expect(await verifyCredentials(a.email.toUpperCase(), PASSWORD, h.db)).toBe(a.id);
    expect(await verifyCredentials(a.email, `${PASSWORD}x`, h.db)).toBeNull();
    expect(await verifyCredentials('nobody@example.fi', PASSWORD, h.db)).toBeNull();
  });

  it('sessions: unknown, expired and revoked tokens give no actor; the owner lists and revokes only their own', async () => {
    const a = await account();
    const b = await account();
    expect(await sessionActor('not-a-token', h.db)).toBeNull();
    const second = await createSession(a.id, { userAgent: 'phone' }, h.db);
    const sessions = await listSessions(a.actor, h.db);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    // b cannot end a's session.
    await expect(revokeSession(b.actor, second.sessionId, h.db)).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });
    expect(await sessionActor(second.token, h.db)).not.toBeNull();
    await expect(revokeSession(a.actor, second.sessionId, h.db)).resolves.toBeUndefined();
    expect(await sessionActor(second.token, h.db)).toBeNull();
    // Expired.
    const old = await createSession(a.id, {}, h.db);
    await h.db
      .update(userSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSessions.id, old.sessionId));
    expect(await sessionActor(old.token, h.db)).toBeNull();
    // Log out everywhere.
    expect(await revokeAllSessions(a.actor, {}, h.db)).toBeGreaterThanOrEqual(1);
    expect(await sessionActor(a.token, h.db)).toBeNull();
    expect(await sessionActor(b.token, h.db)).not.toBeNull();
  });

  it('a session used after an hour is extended', async () => {
    const a = await account();
    const sessionId = a.actor.sessionId as number;
    const past = new Date(Date.now() - 2 * 3600_000);
    await h.db
      .update(userSessions)
      .set({ lastUsedAt: past, expiresAt: new Date(Date.now() + 3600_000) })
      .where(eq(userSessions.id, sessionId));
    expect(await sessionActor(a.token, h.db)).not.toBeNull();
    const [s] = await h.db.select().from(userSessions).where(eq(userSessions.id, sessionId));
    expect(new Date(s.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('changing the password checks the current one and ends every other session', async () => {
    const a = await account();
    const other = await createSession(a.id, {}, h.db);
    expect(await changePassword(a.actor, { current: 'wrong-password', next: 'Another-Good-One-42' }, h.db)).toEqual({
      ok: false,
      errors: { current: 'credentialsIncorrect' },
    });
    expect(await changePassword(a.actor, { current: PASSWORD, next: 'password' }, h.db)).toEqual({
      ok: false,
      errors: { password: 'passwordCommon' },
    });
    expect(await changePassword(a.actor, { current: PASSWORD, next: 'Another-Good-One-42' }, h.db)).toEqual({
      ok: true,
      sessionsEnded: 1,
      tokensRevoked: 0,
    });
    expect(await sessionActor(other.token, h.db)).toBeNull();
    expect(await sessionActor(a.token, h.db)).not.toBeNull();
    expect(await verifyCredentials(a.email, 'Another-Good-One-42', h.db)).toBe(a.id);
    expect(await verifyCredentials(a.email, PASSWORD, h.db)).toBeNull();
  });

  it('deleting an account removes the user and its sessions in one go', async () => {
    const a = await account();
    await createSession(a.id, {}, h.db);
    await expect(deleteAccount(a.actor, PASSWORD, h.db)).resolves.toEqual({ ok: true });
    expect(await getUser(a.actor.publicId, h.db)).toBeNull();
    expect(await h.db.select().from(userSessions).where(eq(userSessions.userId, a.id))).toEqual([]);
    expect(await sessionActor(a.token, h.db)).toBeNull();
    // A gone account has no password to confirm.
    expect(await deleteAccount(a.actor, PASSWORD, h.db)).toEqual({
      ok: false,
      errors: { current: 'credentialsIncorrect' },
    });
  });

  /** An account without a password (Facebook or Google only) and a session actor for it. */
  const socialAccount = async (): Promise<{ id: number; email: string; actor: Actor; sessionId: number }> => {
    n += 1;
    const name = `Social ${n}`;
    const email = `social${n}@example.fi`;
    const r = await insertAccount(
      { name, nameKey: foldText(name), email, passwordHash: null, country: null, role: 'basic' },
      h.db,
    );
    if (!r.ok) throw new Error('taken');
    const s = await createSession(r.userId, {}, h.db);
    const actor = await sessionActor(s.token, h.db);
    if (!actor) throw new Error('no actor');
    return { id: r.userId, email, actor, sessionId: s.sessionId };
  };

  it('a password login of an account without a password verifies against the decoy hash, as an unknown e-mail does', async () => {
    const social = await socialAccount();
    const a = await account();
    const verify = vi.mocked(verifyPassword);
    const decoy = await decoyPasswordHash();
    verify.mockClear();
    expect(await verifyCredentials(social.email, 'some-guess-123', h.db)).toBeNull();
    expect(await verifyCredentials('nobody-at-all@example.fi', 'some-guess-123', h.db)).toBeNull();
    expect(await verifyCredentials(a.email, 'some-guess-123', h.db)).toBeNull();
    expect(
      verify.mock.calls.map(([hash]) => (hash === decoy ? 'decoy' : hash?.startsWith('$argon2id$') ? 'own' : hash)),
    ).toEqual(['decoy', 'decoy', 'own']);
  });

  it(`sessions end ${SESSION_MAX_DAYS} days after login however often they are used; the sliding expiry never passes that`, async () => {
    const a = await account();
    const old = await createSession(a.id, {}, h.db);
    await h.db
      .update(userSessions)
      .set({
        createdAt: new Date(Date.now() - 91 * DAY),
        lastUsedAt: new Date(),
        expiresAt: new Date(Date.now() + 20 * DAY),
      })
      .where(eq(userSessions.id, old.sessionId));
    expect(await sessionActor(old.token, h.db)).toBeNull();
    expect((await listSessions(a.actor, h.db)).map((s) => s.id)).not.toContain(old.sessionId);

    const late = await createSession(a.id, {}, h.db);
    const createdAt = new Date(Date.now() - 89 * DAY);
    await h.db
      .update(userSessions)
      .set({ createdAt, lastUsedAt: new Date(Date.now() - 2 * 3600_000), expiresAt: new Date(Date.now() + 3600_000) })
      .where(eq(userSessions.id, late.sessionId));
    expect(await sessionActor(late.token, h.db)).not.toBeNull();
    const [row] = await h.db.select().from(userSessions).where(eq(userSessions.id, late.sessionId));
    // Extended by the use, but only to 90 days after the login (a day from now), not 30 days on.
    expect(new Date(row.expiresAt).getTime()).toBe(createdAt.getTime() + SESSION_MAX_DAYS * DAY);
    expect((await purgeExpired(h.db)).sessions).toBeGreaterThanOrEqual(1);
    expect(await h.db.select().from(userSessions).where(eq(userSessions.id, old.sessionId))).toEqual([]);
  });

  it('API tokens: a lifetime of 30, 90 (default) or 365 days, listed with expiry and last use; expired ones stop working', async () => {
    const a = await account();
    const made = await createApiToken(a.actor, { name: 'month', days: 30, current: PASSWORD }, h.db);
    const byDefault = await createApiToken(a.actor, { name: 'default', current: PASSWORD }, h.db);
    const year = await createApiToken(a.actor, { name: 'year', days: 365, current: PASSWORD }, h.db);
    expect(await createApiToken(a.actor, { name: 'week', days: 7, current: PASSWORD }, h.db)).toEqual({
      ok: false,
      errors: { days: 'invalid' },
    });
    if (!made.ok || !byDefault.ok || !year.ok) throw new Error('no token');
    const days = (d: Date) => Math.round((d.getTime() - Date.now()) / DAY);
    expect([days(made.expiresAt), days(byDefault.expiresAt), days(year.expiresAt)]).toEqual([30, 90, 365]);
    expect(await apiTokenActor(made.token, h.db)).toMatchObject({ userId: a.id, sessionId: null });
    const listed = await listApiTokens(a.actor, h.db);
    expect(listed.map((t) => [t.name, t.expired, t.last_used_at === null])).toEqual([
      ['year', false, true],
      ['default', false, true],
      ['month', false, false],
    ]);
    expect(listed[2].expires_at).toBe(made.expiresAt.toISOString());

    await h.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, made.id));
    expect(await apiTokenActor(made.token, h.db)).toBeNull();
    expect((await listApiTokens(a.actor, h.db)).find((t) => t.id === made.id)?.expired).toBe(true);
    // Expired tokens do not count towards the 10 an account may hold.
    for (let i = 0; i < 8; i++)
      expect((await createApiToken(a.actor, { name: `t${i}`, current: PASSWORD }, h.db)).ok).toBe(true);
    expect(await createApiToken(a.actor, { name: 'eleventh', current: PASSWORD }, h.db)).toEqual({
      ok: false,
      errors: { name: 'invalid' },
    });
  });

  it('a password change revokes the API tokens unless the owner keeps them; log out everywhere revokes them too', async () => {
    const a = await account();
    const t1 = await createApiToken(a.actor, { name: 'script', current: PASSWORD }, h.db);
    if (!t1.ok) throw new Error('no token');
    expect(await changePassword(a.actor, { current: PASSWORD, next: 'Second-Password-42' }, h.db)).toEqual({
      ok: true,
      sessionsEnded: 0,
      tokensRevoked: 1,
    });
    expect(await apiTokenActor(t1.token, h.db)).toBeNull();

    const t2 = await createApiToken(a.actor, { name: 'kept', current: 'Second-Password-42' }, h.db);
    if (!t2.ok) throw new Error('no token');
    expect(
      await changePassword(
        a.actor,
        { current: 'Second-Password-42', next: 'Third-Password-43', revokeTokens: false },
        h.db,
      ),
    ).toEqual({ ok: true, sessionsEnded: 0, tokensRevoked: 0 });
    expect(await apiTokenActor(t2.token, h.db)).not.toBeNull();

    const other = await createSession(a.id, {}, h.db);
    expect(await logOutEverywhere(a.actor, h.db)).toEqual({ sessions: 2, tokens: 1 });
    expect(await apiTokenActor(t2.token, h.db)).toBeNull();
    expect(await sessionActor(other.token, h.db)).toBeNull();
    expect(await sessionActor(a.token, h.db)).toBeNull();
  });

  it('re-authentication: the password (wrong ones count as failed logins), or a fresh login for an account without one', async () => {
    const a = await account();
    expect(await confirmIdentity(a.actor, PASSWORD, h.db)).toEqual({ ok: true });
    expect(await confirmIdentity(a.actor, '', h.db)).toEqual({
      ok: false,
      errors: { current: 'credentialsIncorrect' },
    });
    for (let i = 0; i < 4; i++) await confirmIdentity(a.actor, `wrong-${i}`, h.db);
    const locked = await confirmIdentity(a.actor, PASSWORD, h.db);
    expect(locked).toMatchObject({ ok: false });
    expect('rateLimited' in locked && locked.rateLimited).toBeGreaterThan(800);

    const s = await socialAccount();
    expect(await confirmIdentity(s.actor, '', h.db)).toEqual({ ok: true });
    await h.db
      .update(userSessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(userSessions.id, s.sessionId));
    expect(await confirmIdentity(s.actor, '', h.db)).toEqual({ ok: false, errors: { current: 'reauthFreshLogin' } });
    // An API token is never a fresh login.
    expect(await confirmIdentity({ ...s.actor, sessionId: null }, 'anything', h.db)).toEqual({
      ok: false,
      errors: { current: 'reauthFreshLogin' },
    });
    expect((await getOwnAccount(s.actor, h.db))?.has_password).toBe(false);
    expect((await getOwnAccount(a.actor, h.db))?.has_password).toBe(true);
  });

  it('re-authentication lives in the data layer: an API token, an unlink and a deletion are refused without it', async () => {
    const a = await account();
    const wrong = { ok: false, errors: { current: 'credentialsIncorrect' } };
    expect(await createApiToken(a.actor, { name: 'script', current: '' }, h.db)).toEqual(wrong);
    // The password is checked before the other fields.
    expect(await createApiToken(a.actor, { name: '', current: 'wrong-password' }, h.db)).toEqual(wrong);
    expect(await listApiTokens(a.actor, h.db)).toEqual([]);
    await insertIdentity(a.id, { provider: 'google', subject: `google-${a.id}`, email: null, name: null }, h.db);
    expect(await unlinkIdentity(a.actor, 'google', 'wrong-password', h.db)).toEqual(wrong);
    expect(await listIdentities(a.actor, h.db)).toEqual(['google']);
    expect(await deleteAccount(a.actor, '', h.db)).toEqual(wrong);
    expect(await getUser(a.actor.publicId, h.db)).not.toBeNull();
    // The right password works (and clears the four failures).
    expect(await unlinkIdentity(a.actor, 'google', PASSWORD, h.db)).toEqual({ ok: true });
    expect((await createApiToken(a.actor, { name: 'script', current: PASSWORD }, h.db)).ok).toBe(true);
    // Wrong passwords count as failed logins: after 5, even the right one is refused with a wait.
    for (let i = 0; i < 5; i++) await deleteAccount(a.actor, `wrong-${i}`, h.db).catch(() => null);
    await expect(deleteAccount(a.actor, PASSWORD, h.db)).rejects.toMatchObject({ code: 'rate_limited', status: 429 });
    await expect(createApiToken(a.actor, { name: 'again', current: PASSWORD }, h.db)).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(await getUser(a.actor.publicId, h.db)).not.toBeNull();

    // An account without a password: a login within the last 10 minutes, whatever `current` says.
    const s = await socialAccount();
    await insertIdentity(s.id, { provider: 'google', subject: `google-${s.id}`, email: null, name: null }, h.db);
    await insertIdentity(s.id, { provider: 'facebook', subject: `facebook-${s.id}`, email: null, name: null }, h.db);
    await h.db
      .update(userSessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(userSessions.id, s.sessionId));
    const stale = { ok: false, errors: { current: 'reauthFreshLogin' } };
    expect(await createApiToken(s.actor, { name: 'script', current: '' }, h.db)).toEqual(stale);
    expect(await unlinkIdentity(s.actor, 'google', 'anything', h.db)).toEqual(stale);
    expect(await deleteAccount(s.actor, '', h.db)).toEqual(stale);
    expect(await listIdentities(s.actor, h.db)).toEqual(['facebook', 'google']);
    expect(await getUser(s.actor.publicId, h.db)).not.toBeNull();
    // An API token is never a fresh login.
    const tokenActor = { ...s.actor, sessionId: null };
    expect(await deleteAccount(tokenActor, '', h.db)).toEqual(stale);
    await h.db.update(userSessions).set({ createdAt: new Date() }).where(eq(userSessions.id, s.sessionId));
    expect(await unlinkIdentity(s.actor, 'google', '', h.db)).toEqual({ ok: true });
    expect(await deleteAccount(s.actor, '', h.db)).toEqual({ ok: true });
    expect(await getUser(s.actor.publicId, h.db)).toBeNull();
  });

  it('linking a provider account: only with a link grant made after re-authentication, or at a password login', async () => {
    const a = await account();
    const b = await account();
    const google = { provider: 'google' as const, subject: `google-link-${a.id}`, email: null, name: null };
    expect(await grantIdentityLink(a.actor, 'google', 'wrong-password', h.db)).toEqual({
      ok: false,
      errors: { current: 'credentialsIncorrect' },
    });
    const granted = await grantIdentityLink(a.actor, 'google', PASSWORD, h.db);
    if (!granted.ok) throw new Error('the right password was refused');
    // No grant, a garbled one, one for another provider or another user's: nothing is linked.
    expect(await linkIdentity(a.actor, google, null, h.db)).toBe('unconfirmed');
    expect(await linkIdentity(a.actor, google, `${granted.grant}x`, h.db)).toBe('unconfirmed');
    expect(await linkIdentity(a.actor, { ...google, provider: 'facebook' }, granted.grant, h.db)).toBe('unconfirmed');
    expect(await linkIdentity(b.actor, { ...google, subject: `google-link-${b.id}` }, granted.grant, h.db)).toBe(
      'unconfirmed',
    );
    expect(await listIdentities(a.actor, h.db)).toEqual([]);
    expect(await listIdentities(b.actor, h.db)).toEqual([]);
    // With its own grant: linked once, then already linked.
    expect(await linkIdentity(a.actor, google, granted.grant, h.db)).toBe('linked');
    expect(await linkIdentity(a.actor, google, granted.grant, h.db)).toBe('already');
    expect(await listIdentities(a.actor, h.db)).toEqual(['google']);
    // Another member with a grant of their own cannot take it.
    const grantB = await grantIdentityLink(b.actor, 'google', PASSWORD, h.db);
    if (!grantB.ok) throw new Error('the right password was refused');
    expect(await linkIdentity(b.actor, google, grantB.grant, h.db)).toBe('taken');
    expect(await listIdentities(b.actor, h.db)).toEqual([]);

    // At a password login ("{provider} user not found", then "link"): only once the password is right.
    const facebook = { provider: 'facebook' as const, subject: `facebook-link-${b.id}`, email: null, name: null };
    const meta = { ip: `198.51.100.${b.id % 250}`, userAgent: 'test', link: facebook };
    expect(await login({ email: b.email, password: 'wrong-password' }, meta, h.db)).toEqual({
      ok: false,
      errors: { _form: 'credentialsIncorrect' },
    });
    expect(await listIdentities(b.actor, h.db)).toEqual([]);
    const loggedIn = await login({ email: b.email, password: PASSWORD }, meta, h.db);
    expect(loggedIn).toMatchObject({ ok: true, link: 'linked' });
    expect(await listIdentities(b.actor, h.db)).toEqual(['facebook']);
    expect(await login({ email: b.email, password: PASSWORD }, { ...meta, link: null }, h.db)).toMatchObject({
      ok: true,
      link: null,
    });
  });

  it('e-mail change: the password first, the registration rules, no other account named; open reset links spent', async () => {
    const a = await account();
    const b = await account();
    const reset = await createPasswordReset(a.email, h.db);
    expect(reset).not.toBeNull();
    expect(await changeEmail(a.actor, { current: 'wrong-password', email: 'new.a@example.fi' }, h.db)).toEqual({
      ok: false,
      errors: { current: 'credentialsIncorrect' },
    });
    expect(await changeEmail(a.actor, { current: PASSWORD, email: 'not an address' }, h.db)).toEqual({
      ok: false,
      errors: { email: 'emailInvalid' },
    });
    expect(await changeEmail(a.actor, { current: PASSWORD, email: '' }, h.db)).toEqual({
      ok: false,
      errors: { email: 'required' },
    });
    const taken = await changeEmail(a.actor, { current: PASSWORD, email: b.email.toUpperCase() }, h.db);
    expect(taken).toEqual({ ok: false, errors: { email: 'emailInUse' } });
    expect(await changeEmail(a.actor, { current: PASSWORD, email: a.email }, h.db)).toEqual({
      ok: false,
      errors: { _form: 'nothingToUpdate' },
    });
    const changed = await changeEmail(a.actor, { current: PASSWORD, email: ' New.A@Example.fi ' }, h.db);
    expect(changed).toMatchObject({ ok: true, account: { email_hint: 'n…@example.fi' } });
    expect(JSON.stringify(changed)).not.toContain('new.a@example.fi');
    expect(await verifyCredentials('new.a@example.fi', PASSWORD, h.db)).toBe(a.id);
    expect(await verifyCredentials(a.email, PASSWORD, h.db)).toBeNull();
    expect(
      await redeemPasswordReset(
        {
          token: reset?.token ?? '',
          password: 'Reset-After-Move-1',
          password2: 'Reset-After-Move-1',
          ip: '203.0.113.9',
        },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { _form: 'resetInvalid' } });
  });

  it('reset redemption: the token is looked up before any hashing; the API tokens go unless kept; 10 attempts an hour per IP', async () => {
    const a = await account();
    const hash = vi.mocked(hashPassword);
    hash.mockClear();
    // A guessed token with a weak password: "invalid link", not a password complaint, and no argon2 work.
    expect(
      await redeemPasswordReset(
        { token: 'guessed-token-000000', password: '123', password2: '123', ip: '203.0.113.1' },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { _form: 'resetInvalid' } });
    expect(
      await redeemPasswordReset(
        {
          token: 'guessed-token-000001',
          password: 'Strong-Enough-77',
          password2: 'Strong-Enough-77',
          ip: '203.0.113.1',
        },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { _form: 'resetInvalid' } });
    expect(hash).not.toHaveBeenCalled();

    const t = await createApiToken(a.actor, { name: 'script', current: PASSWORD }, h.db);
    const first = await createPasswordReset(a.email, h.db);
    if (!t.ok || !first) throw new Error('setup');
    const r = await redeemPasswordReset(
      { token: first.token, password: 'Reset-Password-11', password2: 'Reset-Password-11', ip: '203.0.113.2' },
      h.db,
    );
    expect(r).toEqual({ ok: true, userId: a.id, tokensRevoked: 1 });
    expect(hash).toHaveBeenCalledTimes(1);
    expect(await apiTokenActor(t.token, h.db)).toBeNull();

    const kept = await createApiToken(a.actor, { name: 'kept', current: 'Reset-Password-11' }, h.db);
    const second = await createPasswordReset(a.email, h.db);
    if (!kept.ok || !second) throw new Error('setup');
    expect(
      await redeemPasswordReset(
        {
          token: second.token,
          password: 'Reset-Password-12',
          password2: 'Reset-Password-12',
          revokeTokens: false,
          ip: '203.0.113.2',
        },
        h.db,
      ),
    ).toEqual({ ok: true, userId: a.id, tokensRevoked: 0 });
    expect(await apiTokenActor(kept.token, h.db)).not.toBeNull();
    expect(await h.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, a.id))).toHaveLength(2);

    for (let i = 0; i < 8; i++)
      await redeemPasswordReset(
        { token: `guess-${i}-0000000000`, password: 'x', password2: 'x', ip: '203.0.113.1' },
        h.db,
      );
    const limited = await redeemPasswordReset(
      { token: 'guess-last-00000000', password: 'x', password2: 'x', ip: '203.0.113.1' },
      h.db,
    );
    expect(limited).toMatchObject({ ok: false });
    expect('rateLimited' in limited && limited.rateLimited).toBeGreaterThan(3500);
  });
});

describe.each(testEngines())('login, registration and rate limits on %s', (engine) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb(engine);
    const r = await registerUser(
      { name: 'Limited Larry', email: 'larry@example.fi', password: PASSWORD, password2: PASSWORD },
      {},
      h.db,
    );
    expect(r.ok).toBe(true);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('login: one message for a wrong password and an unknown e-mail; missing e-mail has its own', async () => {
    const meta = { ip: '198.51.100.1' };
    expect(await login({ email: 'larry@example.fi', password: 'nope-nope' }, meta, h.db)).toEqual({
      ok: false,
      errors: { _form: 'credentialsIncorrect' },
    });
    expect(await login({ email: 'nobody@example.fi', password: 'nope-nope' }, meta, h.db)).toEqual({
      ok: false,
      errors: { _form: 'credentialsIncorrect' },
    });
    expect(await login({ email: '', password: 'x' }, meta, h.db)).toEqual({
      ok: false,
      errors: { email: 'emailRequired' },
    });
    const ok = await login(
      { email: 'LARRY@example.fi', password: PASSWORD },
      { ip: '198.51.100.2', userAgent: 'Firefox' },
      h.db,
    );
    expect(ok.ok).toBe(true);
    if (ok.ok) expect((await sessionActor(ok.token, h.db))?.name).toBe('Limited Larry');
  });

  it('login: 5 attempts a minute per IP, then 429 with the seconds to wait', async () => {
    const meta = { ip: '203.0.113.7' };
    for (let i = 0; i < 5; i++)
      expect(await login({ email: `x${i}@example.fi`, password: 'whatever' }, meta, h.db)).toMatchObject({
        ok: false,
        errors: {},
      });
    const sixth = await login({ email: 'larry@example.fi', password: PASSWORD }, meta, h.db);
    expect(sixth).toMatchObject({ ok: false });
    expect('rateLimited' in sixth && sixth.rateLimited).toBeGreaterThan(0);
    expect('rateLimited' in sixth && sixth.rateLimited).toBeLessThanOrEqual(60);
    // Another IP is not affected.
    expect((await login({ email: 'larry@example.fi', password: PASSWORD }, { ip: '203.0.113.8' }, h.db)).ok).toBe(true);
  });

  it('login: 20 attempts an hour per IP (5 a minute), then refused until the hour has passed', async () => {
    // Only Date is faked: the limiter's windows follow it, while the database and hashing keep real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      const meta = { ip: '203.0.113.40' };
      for (let minute = 0; minute < 4; minute++) {
        vi.setSystemTime(start + minute * 61_000);
        for (let i = 0; i < 5; i++)
          expect(await login({ email: `hour${minute}-${i}@example.fi`, password: 'whatever' }, meta, h.db)).toEqual({
            ok: false,
            errors: { _form: 'credentialsIncorrect' },
          });
      }
      // The 21st, in a fresh minute: the hour's window (opened at `start`) is used up.
      vi.setSystemTime(start + 4 * 61_000);
      expect(await login({ email: 'larry@example.fi', password: PASSWORD }, meta, h.db)).toEqual({
        ok: false,
        rateLimited: 3600 - 4 * 61,
      });
      vi.setSystemTime(start + 59 * 60_000);
      expect(await login({ email: 'larry@example.fi', password: PASSWORD }, meta, h.db)).toEqual({
        ok: false,
        rateLimited: 60,
      });
      // Another address meanwhile, and this one once the hour is over.
      expect((await login({ email: 'larry@example.fi', password: PASSWORD }, { ip: '203.0.113.41' }, h.db)).ok).toBe(
        true,
      );
      vi.setSystemTime(start + 3600_000 + 1000);
      expect((await login({ email: 'larry@example.fi', password: PASSWORD }, meta, h.db)).ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('password reset: 5 requests an hour per IP whatever the addresses, then refused; another IP goes on', async () => {
    const delivered: string[] = [];
    const deliver = async (r: { email: string }) => {
      delivered.push(r.email);
    };
    const meta = { ip: '198.51.100.150' };
    for (let i = 0; i < 5; i++) {
      const r = await requestPasswordReset({ email: `reset-ip-${i}@example.fi`, meta, deliver }, h.db);
      expect(r).toMatchObject({ ok: true });
      if (r.ok) await r.followUp();
    }
    const sixth = await requestPasswordReset({ email: 'larry@example.fi', meta, deliver }, h.db);
    expect(sixth).toMatchObject({ ok: false });
    expect('rateLimited' in sixth && sixth.rateLimited).toBeGreaterThan(3500);
    expect(delivered).toEqual([]);
    const known = await requestPasswordReset(
      { email: 'larry@example.fi', meta: { ip: '198.51.100.151' }, deliver },
      h.db,
    );
    expect(known).toMatchObject({ ok: true });
    // Nothing is looked up or delivered until the follow-up runs (after the response).
    expect(delivered).toEqual([]);
    if (known.ok) await known.followUp();
    expect(delivered).toEqual(['larry@example.fi']);
  });

  it('password reset: a failed delivery is logged by the follow-up, never thrown', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const r = await requestPasswordReset(
        {
          email: 'larry@example.fi',
          meta: { ip: '198.51.100.152' },
          deliver: async () => {
            throw new Error('SMTP 554 refused');
          },
        },
        h.db,
      );
      expect(r).toMatchObject({ ok: true });
      if (r.ok) await expect(r.followUp()).resolves.toBeUndefined();
      expect(errors).toHaveBeenCalledWith(
        'password reset mail failed',
        expect.objectContaining({ message: 'SMTP 554 refused' }),
      );
    } finally {
      errors.mockRestore();
    }
  });

  it('login: 5 failures for one e-mail from any IPs lock that e-mail, even with the right password; a success clears the count', async () => {
    const r = await registerUser(
      { name: 'Backoff Betty', email: 'betty@example.fi', password: PASSWORD, password2: PASSWORD },
      {},
      h.db,
    );
    expect(r.ok).toBe(true);
    expect((await login({ email: 'betty@example.fi', password: 'wrong-1' }, { ip: '192.0.2.1' }, h.db)).ok).toBe(false);
    expect((await login({ email: 'betty@example.fi', password: PASSWORD }, { ip: '192.0.2.2' }, h.db)).ok).toBe(true);
    for (let i = 0; i < 5; i++)
      expect(
        await login({ email: 'betty@example.fi', password: `wrong-${i}` }, { ip: `192.0.2.${10 + i}` }, h.db),
      ).toEqual({ ok: false, errors: { _form: 'credentialsIncorrect' } });
    const locked = await login({ email: 'betty@example.fi', password: PASSWORD }, { ip: '192.0.2.99' }, h.db);
    expect(locked).toMatchObject({ ok: false });
    expect('rateLimited' in locked && locked.rateLimited).toBeGreaterThan(800);
  });

  it('registration: 5 attempts a day per IP, failed ones included (invalid form, taken e-mail, failed bot check)', async () => {
    const meta = { ip: '198.51.100.77' };
    expect(await register({ name: '', email: 'bad', password: '1', password2: '2' }, meta, h.db)).toMatchObject({
      ok: false,
      errors: { name: 'required' },
    });
    expect(
      await register(
        { name: 'Taken Mail', email: 'larry@example.fi', password: PASSWORD, password2: PASSWORD },
        meta,
        h.db,
      ),
    ).toEqual({ ok: false, errors: { email: 'emailInUse' } });
    expect(
      await register(
        { name: 'Robot', email: 'robot@example.fi', password: PASSWORD, password2: PASSWORD },
        { ...meta, botCheck: async () => 'invalid' },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { _form: 'captchaInvalid' } });
    for (let i = 0; i < 2; i++) {
      const r = await register(
        { name: `Newcomer ${i}`, email: `new${i}@example.fi`, password: PASSWORD, password2: PASSWORD },
        meta,
        h.db,
      );
      expect(r.ok).toBe(true);
    }
    const sixth = await register(
      { name: 'Newcomer 4', email: 'new4@example.fi', password: PASSWORD, password2: PASSWORD },
      meta,
      h.db,
    );
    expect(sixth).toMatchObject({ ok: false });
    expect('rateLimited' in sixth && sixth.rateLimited).toBeGreaterThan(86_000);
    expect(await verifyCredentials('new4@example.fi', PASSWORD, h.db)).toBeNull();
    expect(await getUser('missing', h.db)).toBeNull();
  });
});

describe('npm run user:create', () => {
  it('creates an admin from the command line with USER_PASSWORD, and refuses a taken e-mail with exit code 1', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'user-create-'));
    const run = (args: string[], password: string) =>
      spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/user-create.ts', ...args], {
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, USER_PASSWORD: password },
      });
    try {
      const made = run(['--admin', '--name', 'Site Admin', '--email', 'Admin@Example.fi'], PASSWORD);
      expect(made.stdout).toMatch(/Created admin Site Admin \(public id [A-Za-z0-9_-]{10}\)/);
      expect(made.status).toBe(0);
      const again = run(['--name', 'Second', '--email', 'admin@example.fi'], PASSWORD);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('email: This e-mail address is already in use. Forgot your password? Restore it.');
      expect(run(['--name', 'No Email'], PASSWORD).status).toBe(2);
      const h = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        const rows = await h.db.select({ role: users.role, email: users.email }).from(users);
        expect(rows).toEqual([{ role: 'admin', email: 'admin@example.fi' }]);
      } finally {
        await h.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.each(testEngines())('edit my data on %s', (engine) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb(engine);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('social links must be url-shaped, lengths are bounded, an unchanged form is "nothing to update"', async () => {
    const r = await registerUser(
      { name: 'Profile Paula', email: 'paula@example.fi', password: PASSWORD, password2: PASSWORD },
      {},
      h.db,
    );
    if (!r.ok) throw new Error('register');
    const s = await createSession(r.userId, {}, h.db);
    const actor = (await sessionActor(s.token, h.db)) as Actor;
    const base = {
      country: '',
      municipality: '',
      facebookUrl: '',
      instagramUrl: '',
      youtubeUrl: '',
      tiktokUrl: '',
      xUrl: '',
      newsletter: false,
      emailNotifications: true,
      userEmail: false,
      reviewNotifications: true,
      releaseNotifications: false,
    };
    expect(await updateProfile(actor, base, h.db)).toEqual({ ok: false, errors: { _form: 'nothingToUpdate' } });
    expect(
      await updateProfile(
        actor,
        { ...base, facebookUrl: 'not a url', xUrl: 'javascript:alert(1)', municipality: 'x'.repeat(101) },
        h.db,
      ),
    ).toEqual({
      ok: false,
      errors: { facebookUrl: 'invalid', xUrl: 'invalid', municipality: 'maxLength' },
    });
    const ok = await updateProfile(
      actor,
      {
        ...base,
        country: '4',
        municipality: 'Tampere',
        facebookUrl: 'https://www.facebook.com/paula',
        newsletter: true,
      },
      h.db,
    );
    expect(ok.ok).toBe(true);
    if (ok.ok)
      expect(ok.account).toMatchObject({
        country: 4,
        municipality: 'Tampere',
        newsletter: true,
        social: { facebook: 'https://www.facebook.com/paula', x: null },
      });
    expect(await getUser(actor.publicId, h.db)).toMatchObject({
      municipality: 'Tampere',
      social: { facebook: 'https://www.facebook.com/paula' },
    });
    // A partial update (an API client's PATCH) keeps what it leaves out.
    const partial = await updateProfile(actor, { municipality: 'Tampere keskusta' }, h.db);
    expect(partial.ok).toBe(true);
    if (partial.ok)
      expect(partial.account).toMatchObject({
        country: 4,
        municipality: 'Tampere keskusta',
        newsletter: true,
        email_notifications: true,
        review_notifications: true,
        social: { facebook: 'https://www.facebook.com/paula' },
      });
    expect(await updateProfile(actor, { newsletter: true }, h.db)).toEqual({
      ok: false,
      errors: { _form: 'nothingToUpdate' },
    });
    expect(await updateProfile(actor, { country: '999999' }, h.db)).toEqual({
      ok: false,
      errors: { country: 'invalid' },
    });
  });
});
