import 'server-only';
/**
 * Secret tokens of sessions, API tokens and password resets: random 32-byte base64url strings
 * handed to their owner once; the database keeps only their SHA-256.
 */
import crypto from 'node:crypto';

/** A new random secret (32 bytes, base64url) and its SHA-256 (hex), which is what is stored. */
export function newSecret(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

/** SHA-256 (hex) of a secret token. */
export function hashSecret(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
