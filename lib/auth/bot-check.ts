import 'server-only';
/**
 * The bot check of the registration form and the visitors' contact form (a reCAPTCHA-style
 * check), with no third-party service: ALTCHA proof of work. `GET /api/altcha` hands out a
 * challenge signed with the server's HMAC
 * secret (lib/auth/secrets.ts); the browser's widget searches for a PBKDF2 key with a given
 * prefix (about a second of work) and submits the solution in the form field `altcha`; the
 * server checks the signature, the expiry and the solution, and accepts each challenge once (used
 * challenges are remembered in the shared `rate_limits` table for an hour).
 */
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { create } from 'altcha-lib/frameworks/nextjs';
import { claimOnce } from '@/lib/data/rate-limits';
import { serverSecret } from './secrets';

/** PBKDF2-SHA-256 iterations per attempt of the proof of work. */
export const ALTCHA_COST = 5_000;
/** Seconds a challenge stays valid. */
export const ALTCHA_TTL_SECONDS = 600;

/** Used challenges, shared by every app process: one claim per challenge, kept an hour. */
const usedChallenges = {
  get: () => undefined,
  set: () => undefined,
  setIfAbsent: (key: string): Promise<boolean> => claimOnce(`altcha:${key}`, 3600),
};

function altcha() {
  return create({
    createChallengeParameters: () => ({
      algorithm: 'PBKDF2/SHA-256',
      cost: ALTCHA_COST,
      expiresAt: new Date(Date.now() + ALTCHA_TTL_SECONDS * 1000),
    }),
    deriveKey,
    hmacSignatureSecret: serverSecret('altcha'),
    store: usedChallenges,
  });
}

/** `GET /api/altcha`: a fresh signed challenge as JSON (no-store). */
export function challengeResponse(request: Request): Promise<Response> {
  return altcha().challengeHandler(request);
}

/** Result of checking a submitted bot-check payload (message keys `captchaMissing`, `captchaInvalid`). */
export type BotCheck = 'ok' | 'missing' | 'invalid';

/** Verifies the `altcha` form value: signature, expiry, solution, and that it was not used before. */
export async function verifyBotCheck(payload: string | null | undefined): Promise<BotCheck> {
  if (!payload) return 'missing';
  try {
    const result = await altcha().verify(payload, deriveKey, serverSecret('altcha'), undefined, usedChallenges);
    return result.error === null && result.verification?.verified ? 'ok' : 'invalid';
  } catch {
    return 'invalid';
  }
}
