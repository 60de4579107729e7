/**
 * Members a benchmark case registers for its run: real accounts through lib/data/users.ts
 * registerUser, with e-mail addresses under a domain of the case's own (`.invalid`, so no mail can
 * reach anyone), deleted at the end with everything that cascades from them (lists, entries,
 * friendships, notifications).
 */
import type postgres from 'postgres';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { registerUser } from '@/lib/data/users';

const PASSWORD = 'Slipcover-Shelf-77';

/**
 * Registers a basic member named `name` with the e-mail address `local` + `domain` (e.g.
 * `reader-x1` + `@bench-stream.invalid`).
 * @returns the member as an actor (no session)
 * @throws when the registration is refused
 */
export async function benchMember(db: Db, name: string, local: string, domain: string): Promise<Actor> {
  const r = await registerUser({ name, email: `${local}${domain}`, password: PASSWORD, password2: PASSWORD }, {}, db);
  if (!r.ok) throw new Error(`bench member: ${JSON.stringify(r.errors)}`);
  return { userId: r.userId, publicId: r.user.public_id, name, role: 'basic', sessionId: null };
}

/** Deletes every member whose e-mail address ends in `domain`, and what cascades from them. */
export async function removeBenchMembers(raw: postgres.Sql, domain: string): Promise<void> {
  await raw`DELETE FROM users WHERE email LIKE ${`%${domain}`}`;
}
