import 'server-only';
/**
 * Password hashing and password rules. Hashes are argon2id PHC strings
 * (`$argon2id$v=19$m=19456,t=2,p=1$…`) from @node-rs/argon2 with the OWASP minimum parameters:
 * 19 MiB of memory, 2 iterations, 1 lane (about 20 ms per hash on these machines).
 */
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordLengthProblem, type PasswordProblem } from '@/lib/validation/password';

let common: Set<string> | null = null;

/**
 * The most common passwords, lower-cased: the 49,233 entries of @zxcvbn-ts/language-common
 * `passwords-common` (ordered by frequency in leaked password lists), built once on first use.
 */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

/** Checks a new password: the length rule, then the common-password list (case-insensitive). */
export function passwordProblem(password: string): PasswordProblem | null {
  return passwordLengthProblem(password) ?? (commonPasswords().has(password.toLowerCase()) ? 'common' : null);
}

/** argon2id parameters: memoryCost in KiB (19 MiB), timeCost = iterations, parallelism = lanes. */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id of @node-rs/argon2 is a `const enum` (not importable with isolatedModules): 2.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The argon2id PHC string of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * True when `password` matches the PHC string `passwordHash`; false for a wrong password, a null
 * hash (an account without a password) or a malformed hash (never throws).
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a fixed throwaway password, computed once: checked against when an e-mail address is
 * unknown, so that a login with an unknown address takes as long as one with a wrong password.
 */
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy password for unknown accounts');
  return decoyHash;
}
