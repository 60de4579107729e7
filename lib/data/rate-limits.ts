import 'server-only';
/**
 * Rate limits shared by every app process: counters in PostgreSQL / PGlite (table `rate_limits`)
 * through rate-limiter-flexible's Drizzle store (atomic upserts, so concurrent requests on
 * several servers count once each). Durations in seconds.
 */
import { sql } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '@/db';
import { rateLimits } from '@/db/schema';
import { queryRows, resolveDb } from './sql';

/**
 * The limits: `points` requests per `duration` seconds per subject; `block` seconds of
 * lock-out once exceeded (the per-account login backoff).
 */
export const RATE_LIMITS = {
  /** Login attempts per IP: 5 a minute … */
  loginIpMinute: { points: 5, duration: 60 },
  /** … and 20 an hour. */
  loginIpHour: { points: 20, duration: 3600 },
  /** Failed logins per account: after 5 in 15 minutes the account's logins wait 15 minutes. */
  loginAccount: { points: 5, duration: 900, block: 900 },
  /**
   * Registration attempts per IP, failed ones included (invalid form, taken name or e-mail, failed
   * bot check), by the form or through Facebook/Google: 5 a day.
   */
  registerIp: { points: 5, duration: 86_400 },
  /** Password-reset requests: 5 an hour per IP … */
  resetIp: { points: 5, duration: 3600 },
  /** … and 5 an hour per account. */
  resetAccount: { points: 5, duration: 3600 },
  /** Password-reset link redemptions (right or wrong token) per IP: 10 an hour. */
  resetRedeemIp: { points: 10, duration: 3600 },
  /** Reviews per account: one every 15 seconds … */
  reviewBurst: { points: 1, duration: 15 },
  /** … 100 a day … */
  reviewDay: { points: 100, duration: 86_400 },
  /** … or 10 a day for an account younger than a day. */
  reviewDayNew: { points: 10, duration: 86_400 },
  /** Posts and comments per account: one per 15 seconds … */
  writeBurst: { points: 1, duration: 15 },
  /** … 100 a day … */
  writeDay: { points: 100, duration: 86_400 },
  /** … and 10 a day for accounts younger than a day. */
  writeDayNew: { points: 10, duration: 86_400 },
  /** Edits of reviews, posts and comments per account (lib/data/action-limits.ts): 5 a minute … */
  editMinute: { points: 5, duration: 60 },
  /** … and 60 an hour. */
  editHour: { points: 60, duration: 3600 },
  /** HAVE / WANTED / seen / want-to-see toggles per account: 60 a minute … */
  toggleMinute: { points: 60, duration: 60 },
  /** … and 600 an hour. */
  toggleHour: { points: 600, duration: 3600 },
  /** Likes set or taken back per account: 30 a minute … */
  likeMinute: { points: 30, duration: 60 },
  /** … and 300 an hour. */
  likeHour: { points: 300, duration: 3600 },
  /** Friendship actions (request, accept, reject, cancel, remove) per account: 30 an hour. */
  friendshipHour: { points: 30, duration: 3600 },
  /** New friend requests per account: 20 a day … */
  friendRequestDay: { points: 20, duration: 86_400 },
  /** … and 3 a day to the same member (subject `{sender id}:{addressee id}`). */
  friendRequestPair: { points: 3, duration: 86_400 },
  /**
   * Contact form sends by a visitor, per IP: 5 an hour, failed ones included (invalid form, failed
   * bot check), so a script cannot probe the form.
   */
  contactIp: { points: 5, duration: 3600 },
  /** Contact messages per account (members): 10 an hour, counted for messages that are sent. */
  contactMember: { points: 10, duration: 3600 },
} as const satisfies Record<string, { points: number; duration: number; block?: number }>;

export type LimitName = keyof typeof RATE_LIMITS;

/** Outcome of a rate-limited step: allowed, or refused for `retryAfter` seconds (HTTP 429 `Retry-After`). */
export type LimitResult = { ok: true } | { ok: false; retryAfter: number };

function limiter(name: LimitName, db: Db): RateLimiterDrizzle {
  const l: { points: number; duration: number; block?: number } = RATE_LIMITS[name];
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: name,
    points: l.points,
    duration: l.duration,
    blockDuration: l.block ?? 0,
    // Expired rows are removed by the data purge (lib/data/purge.ts), not by a timer in every process.
    clearExpiredByTimeout: false,
  });
}

function refused(res: unknown): LimitResult {
  if (res instanceof RateLimiterRes) return { ok: false, retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  throw res;
}

/**
 * Counts one request of `subject` (an IP address, an account id) against the limit.
 * @returns ok, or the seconds to wait when the limit is used up
 * @throws database errors
 */
export async function hitLimit(name: LimitName, subject: string, db?: Db): Promise<LimitResult> {
  const d = await resolveDb(db);
  try {
    await limiter(name, d).consume(subject);
    return { ok: true };
  } catch (e) {
    return refused(e);
  }
}

/**
 * Whether `subject` has used up the limit (refused until the window ends), without counting a
 * request: for steps counted only when they fail or succeed.
 */
export async function checkLimit(name: LimitName, subject: string, db?: Db): Promise<LimitResult> {
  const d = await resolveDb(db);
  const l = limiter(name, d);
  const res = await l.get(subject);
  if (!res || res.consumedPoints < RATE_LIMITS[name].points) return { ok: true };
  return { ok: false, retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}

/** Forgets the subject's count (e.g. an account's failed logins after a successful one). */
export async function resetLimit(name: LimitName, subject: string, db?: Db): Promise<void> {
  const d = await resolveDb(db);
  await limiter(name, d).delete(subject);
}

/**
 * Claims `key` once across every app process (e.g. a spent bot-check challenge): a row in
 * `rate_limits` kept `ttlSeconds`, then removed by the data purge (lib/data/purge.ts).
 * @returns true for the first claim, false when the key was claimed before
 */
export async function claimOnce(key: string, ttlSeconds: number, db?: Db): Promise<boolean> {
  const d = await resolveDb(db);
  const rows = await queryRows<{ key: string }>(
    d,
    sql`INSERT INTO rate_limits (key, points, expire) VALUES (${key}, 1, now() + make_interval(secs => ${ttlSeconds}))
        ON CONFLICT (key) DO NOTHING RETURNING key`,
  );
  return rows.length > 0;
}
