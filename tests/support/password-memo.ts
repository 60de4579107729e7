/**
 * Integration tests register hundreds of accounts with the same few passwords; argon2id at the
 * OWASP parameters costs about 40 ms of a core per hash and as much per check. The real functions
 * run, once per distinct input: a password's first hash (salted, genuine) is reused for the same
 * password, and a check's answer for the same hash and password (argon2 verification is a pure
 * function of the two). Tests that count or replace these calls mock the module themselves.
 */
import { vi } from 'vitest';

vi.mock('@/lib/auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/auth/password')>();
  const hashes = new Map<string, Promise<string>>();
  const checks = new Map<string, Promise<boolean>>();
  return {
    ...real,
    hashPassword(password: string): Promise<string> {
      let hash = hashes.get(password);
      if (!hash) hashes.set(password, (hash = real.hashPassword(password)));
      return hash;
    },
    verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
      const key = JSON.stringify([passwordHash, password]);
      let ok = checks.get(key);
      if (!ok) checks.set(key, (ok = real.verifyPassword(passwordHash, password)));
      return ok;
    },
  };
});
