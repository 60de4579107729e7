/**
 * Who is acting: the logged-in user as the app sees it, and the roles (basic, admin). Pure types and
 * checks, no I/O, so policies, the data layer and route handlers share them without importing
 * the accounts module.
 */
import { AppError } from '@/lib/errors';

/** Role of an account: every member is `basic`; `admin` moderates and edits the catalogue. */
export type Role = 'basic' | 'admin';

/** The roles, lowest first. */
export const ROLES: readonly Role[] = ['basic', 'admin'];

/**
 * The logged-in user: internal id, public id, display name, role, and the session it acts
 * through (`sessionId` null for a personal API token). Never the e-mail address.
 */
export type Actor = { userId: number; publicId: string; name: string; role: Role; sessionId: number | null };

/** True when the actor is logged in and holds `role` (admins hold every role). */
export function hasRole(actor: Actor | null | undefined, role: Role): actor is Actor {
  if (!actor) return false;
  return ROLES.indexOf(actor.role) >= ROLES.indexOf(role);
}

/**
 * The actor, when it holds `role`.
 * @throws AppError unauthorized (401) for a visitor; forbidden (403) for a member without the role
 */
export function requireRole(actor: Actor | null | undefined, role: Role): Actor {
  if (!actor) throw new AppError('unauthorized');
  if (!hasRole(actor, role)) throw new AppError('forbidden');
  return actor;
}

/**
 * The actor, when a policy (lib/auth/policies.ts) allowed it: `allowed` is the policy's answer for
 * this actor, e.g. `requireAllowed(actor, canModerate(actor))`.
 * @throws AppError unauthorized (401) for a visitor; forbidden (403) for an actor the policy refused
 */
export function requireAllowed(actor: Actor | null | undefined, allowed: boolean): Actor {
  if (!actor) throw new AppError('unauthorized');
  if (!allowed) throw new AppError('forbidden');
  return actor;
}
