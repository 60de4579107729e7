/**
 * Accounts for integration tests: a registered user with a session, as its Actor and as the
 * session cookie a browser would send. Names and e-mail addresses are unique per `label` and `n`.
 */
import type { Db } from '@/db';
import type { Actor, Role } from '@/lib/auth/actor';
import { createSession, sessionActor } from '@/lib/data/sessions';
import { registerUser } from '@/lib/data/users';

export type Member = { actor: Actor; cookie: string };

/** The password of every account {@link registerMember} makes (for the re-authenticating calls). */
export const MEMBER_PASSWORD = 'Slipcover-Shelf-77';

/** Registers `{label} {n}` (`{label}{n}@example.fi`) with `role` (default basic) and starts a session for it. */
export async function registerMember(db: Db, who: { label: string; n: number; role?: Role }): Promise<Member> {
  const { label, n, role = 'basic' } = who;
  const r = await registerUser(
    {
      name: `${label} ${n}`,
      email: `${label.toLowerCase()}${n}@example.fi`,
      password: MEMBER_PASSWORD,
      password2: MEMBER_PASSWORD,
    },
    { role },
    db,
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const s = await createSession(r.userId, {}, db);
  const actor = await sessionActor(s.token, db);
  if (!actor) throw new Error('no actor');
  return { actor, cookie: `discshelf_session=${s.token}` };
}
