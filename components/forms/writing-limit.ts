import type { LimitMessage } from './use-api-form';

/**
 * The parameters of a "try again in …" message from a wait in seconds: `seconds` as given, and
 * `n` in `unit` (`second` under two minutes, `minute` under two hours, else `hour`), rounded up so
 * the wait is never understated. Pure.
 */
export function waitParams(seconds: number): { seconds: number; n: number; unit: 'second' | 'minute' | 'hour' } {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 120) return { seconds: s, n: s, unit: 'second' };
  if (s < 7200) return { seconds: s, n: Math.ceil(s / 60), unit: 'minute' };
  return { seconds: s, n: Math.ceil(s / 3600), unit: 'hour' };
}

/**
 * The 429 of the review, discussion and comment forms (the writing limits): "You are writing
 * faster than the site allows. Try again in …", the wait in seconds, minutes or hours. Kept out of
 * the form hook so that the other forms' pages do not load it.
 */
export const WRITING_LIMIT: LimitMessage = { message: 'writingLimited', params: waitParams };
