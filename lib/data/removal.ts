import 'server-only';
/**
 * Who may delete a member's review, post or comment, and with what reason: the author deletes
 * their own (no reason); an admin deletes anyone's with a reason of at most MODERATION_REASON_MAX
 * characters (lib/validation/moderation.ts). One rule for the three kinds of content.
 */
import type { Actor } from '@/lib/auth/actor';
import { canEditOwnContent, canModerate } from '@/lib/auth/policies';
import { AppError, fieldErrors } from '@/lib/errors';
import { removalSchema } from '@/lib/validation/moderation';
import type { FieldErrors } from '@/lib/validation/users';

/** A deletion that may go ahead: `byAdmin` for another member's content, with its reason. */
export type Removal = { ok: true; byAdmin: boolean; reason: string | null };

/**
 * Decides a deletion of content written by `authorId`.
 * @returns the removal, or field errors (`reason: required` / `maxLength` for an admin's removal)
 * @throws AppError forbidden when the actor is neither the author nor an admin
 */
export function decideRemoval(
  actor: Actor,
  authorId: number,
  reason: string | null | undefined,
): Removal | { ok: false; errors: FieldErrors } {
  if (canEditOwnContent(actor, authorId)) return { ok: true, byAdmin: false, reason: null };
  if (!canModerate(actor)) throw new AppError('forbidden');
  const parsed = removalSchema.safeParse({ reason });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  if (!parsed.data.reason) return { ok: false, errors: { reason: 'required' } };
  return { ok: true, byAdmin: true, reason: parsed.data.reason };
}
