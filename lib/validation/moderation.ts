/**
 * The body of a DELETE of a review, post or comment: `{ reason }`, the reason an admin gives for
 * removing another member's content (told to the author through the deletion event). Optional
 * here; lib/data/removal.ts requires it when the deleter is not the author.
 */
import { z } from 'zod';
import { MODERATION_REASON_MAX } from './limits';
import { FORM_ERRORS } from './users';

export const removalSchema = z.object({
  reason: z
    .string({ error: FORM_ERRORS.invalid })
    .trim()
    .max(MODERATION_REASON_MAX, { error: FORM_ERRORS.maxLength })
    .nullish()
    .transform((v) => v || null),
});
