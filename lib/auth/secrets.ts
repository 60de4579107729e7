import 'server-only';
/**
 * Server secrets (HMAC keys). Each comes from its environment variable; without it, a random
 * 32-byte value is generated once and kept in `${DATA_DIR}/secrets.json` (mode 0600), so a fresh
 * clone works with no configuration. Several app servers must share the value: set the variable.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from '@/lib/config/data-dir';

/** Secret names and the environment variable each is read from. */
export const SECRET_ENV = { altcha: 'ALTCHA_HMAC_SECRET', auth: 'AUTH_SECRET' } as const;
export type SecretName = keyof typeof SECRET_ENV;

const cache = new Map<SecretName, string>();

/** The secret's value (environment variable, else the generated and stored one). */
export function serverSecret(name: SecretName): string {
  const fromEnv = process.env[SECRET_ENV[name]];
  if (fromEnv) return fromEnv;
  const cached = cache.get(name);
  if (cached) return cached;
  const file = path.join(dataDir(), 'secrets.json');
  let stored: Record<string, string> = {};
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    stored = {};
  }
  if (!stored[name]) {
    stored[name] = crypto.randomBytes(32).toString('base64url');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  cache.set(name, stored[name]);
  return stored[name];
}
