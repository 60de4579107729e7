/**
 * Benchmark case `realtime`: notifications through the realtime channel, and `/api/me` with the
 * unseen count.
 *
 * 1. Commit-to-client latency: a Soketi of the bench's own on a free loopback port
 *    (lib/realtime/soketi.ts), the bench process's PUSHER_* pointed at it, `subscribers` members
 *    connected with pusher-js (Node) to their private channels (subscriptions signed with
 *    lib/realtime/server.ts authorizeChannel). Each sample stores one notification through the
 *    data layer (a friend request event: lib/data/notifications.ts notifyFriendship in the
 *    transaction, 'notification.created' after it) for one subscriber in turn; the time runs from
 *    the commit (an after-commit effect placed before the push records it) until that client's
 *    pusher-js handler has the payload. One sample at a time; milliseconds. A push that has not
 *    arrived after 5 s is lost: kept in the series as null, an infinite time for the target.
 * 2. `GET /api/me` of a member with unseen notifications over HTTP (session cookie, one
 *    kept-alive connection) against its captured SQL (the session lookup and the account with
 *    its unseen count) replayed raw, as the community API rows. Without a server (--skip-server)
 *    the route handler is called in this process instead (no HTTP; `via: 'handler'`).
 *
 * The bench's members (e-mail @bench-realtime.invalid) and their notifications are deleted at the
 * end of the case.
 */
import { sql } from 'drizzle-orm';
import type postgres from 'postgres';
import { Pool } from 'undici';
import { queryRows, type Db, type DbHandle } from '@/db';
import { inTransaction, publish } from '@/lib/data/events';
import type { SubscriberTable } from '@/lib/data/event-types';
import { notifyFriendship } from '@/lib/data/notifications';
import { createSession, sessionActor } from '@/lib/data/sessions';
import { getOwnAccount } from '@/lib/data/users';
import type { Actor } from '@/lib/auth/actor';
import { connectNotifications, type NotificationConnection } from '@/lib/realtime/client';
import type { NotificationPush } from '@/lib/realtime/channels';
import { clientConfig, realtimeConfig } from '@/lib/realtime/config';
import { authorizeChannel, pushNotification } from '@/lib/realtime/server';
import { freePort, startSoketi } from '@/lib/realtime/soketi';
import { benchMember, removeBenchMembers } from './members';
import { replay, type CapturedStatement, type CapturingDb } from './capture';
import { emptyFloors, recordFloor, timeFloor, type Floors } from './search';
import { summarize, timed, type Summary } from './stats';

/** Options of {@link runRealtimeCase}. */
export type RealtimeCaseOptions = {
  db: Db;
  capturing: CapturingDb;
  raw: postgres.Sql;
  /** Connected members. */
  subscribers: number;
  /** Notifications timed (one at a time). */
  samples: number;
  /** Recorded rounds of `/api/me`. */
  meRounds: number;
  /** Base URL of the running server; null: /api/me through its route handler in this process. */
  baseUrl: string | null;
  log?: (line: string) => void;
};

/** Latency of the push and the /api/me row. */
export type RealtimeCaseResult = {
  /** Commit-to-client times of the pushes that arrived (the table row), milliseconds. */
  latency: Summary;
  /**
   * Every recorded push in the order taken: its commit-to-client time in milliseconds, or null
   * when it did not arrive within `lostAfterMs` (lost). The verdict counts a lost push as an
   * infinite time.
   */
  pushes: (number | null)[];
  subscribers: number;
  /** Pushes lost, the unrecorded warm-up push included. */
  lost: number;
  /** How long a push may take before it counts as lost, milliseconds. */
  lostAfterMs: number;
  me: {
    api: Summary;
    raw: Summary;
    app: Summary;
    /** The HTTP and raw times in the order they were taken (one per round), for the halves. */
    samples: { api: number[]; raw: number[] };
    /** The HTTP and route floors (bench/search.ts timeFloor) once per round; empty through the handler. */
    floor: Floors;
    statements: number;
    unseen: number;
    via: 'http' | 'handler';
  } | null;
};

const PUSHER_VARS = [
  'PUSHER_APP_ID',
  'PUSHER_KEY',
  'PUSHER_SECRET',
  'PUSHER_HOST',
  'PUSHER_PORT',
  'PUSHER_CLUSTER',
  'PUSHER_USE_TLS',
];

/** How long one push may take before it counts as lost (milliseconds). */
const LOST_AFTER_MS = 5000;

const DOMAIN = '@bench-realtime.invalid';

/** `count` members registered for the run. */
async function benchMembers(db: Db, count: number): Promise<Actor[]> {
  const stamp = Date.now().toString(36);
  const out: Actor[] = [];
  for (let i = 0; i < count; i++)
    out.push(await benchMember(db, `Bench realtime ${stamp} ${i}`, `rt-${stamp}-${i}`, DOMAIN));
  return out;
}

/** Runs the realtime case (see module doc). */
export async function runRealtimeCase(o: RealtimeCaseOptions): Promise<RealtimeCaseResult> {
  const saved = Object.fromEntries(PUSHER_VARS.map((k) => [k, process.env[k]]));
  const port = await freePort();
  const credentials = { appId: 'bench', key: 'bench-key', secret: 'bench-secret' };
  const soketi = await startSoketi({ host: '127.0.0.1', port, ...credentials });
  Object.assign(process.env, {
    PUSHER_APP_ID: credentials.appId,
    PUSHER_KEY: credentials.key,
    PUSHER_SECRET: credentials.secret,
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: String(port),
    PUSHER_CLUSTER: '',
    PUSHER_USE_TLS: '',
  });
  const connections: NotificationConnection[] = [];
  const members = await benchMembers(o.db, o.subscribers + 1);
  const actor = members[members.length - 1];
  try {
    const config = clientConfig(realtimeConfig());
    const waiting = new Map<string, (at: number) => void>();
    const onNotification = (p: NotificationPush) => waiting.get(p.id)?.(performance.now());
    for (const m of members.slice(0, o.subscribers)) {
      const c = await connectNotifications({
        config,
        userPublicId: m.publicId,
        authorize: async (p) => authorizeChannel(p.socket_id, p.channel_name),
        onNotification,
      });
      connections.push(c);
      await c.subscribed;
    }
    o.log?.(`realtime: Soketi on 127.0.0.1:${port}, ${connections.length} pusher-js subscribers`);

    // The app's subscribers for these two events, with the commit time recorded before the push.
    const committedAt = new Map<string, number>();
    const table: SubscriberTable = {
      'friendship.changed': { inTransaction: [notifyFriendship] },
      'notification.created': {
        afterCommit: [(e) => void committedAt.set(e.publicId, performance.now()), pushNotification],
      },
    };
    const pushes: (number | null)[] = [];
    let lost = 0;
    for (let i = 0; i <= o.samples; i++) {
      const to = members[i % o.subscribers];
      let publicId = '';
      let arrived: (at: number | null) => void = () => {};
      const received = new Promise<number | null>((resolve) => (arrived = resolve));
      const timer = setTimeout(() => arrived(null), LOST_AFTER_MS);
      await inTransaction(
        o.db,
        async (tx) => {
          await publish(tx, 'friendship.changed', {
            friendshipId: 0,
            requesterId: actor.userId,
            addresseeId: to.userId,
            from: null,
            to: 'invited',
            byUserId: actor.userId,
          });
          const [row] = await queryRows<{ public_id: string }>(
            tx,
            sql`SELECT public_id FROM notifications WHERE user_id = ${to.userId} ORDER BY id DESC LIMIT 1`,
          );
          publicId = row.public_id;
          waiting.set(publicId, (at) => arrived(at));
        },
        { subscribers: table },
      );
      const at = await received;
      clearTimeout(timer);
      waiting.delete(publicId);
      const start = committedAt.get(publicId);
      committedAt.delete(publicId);
      const ms = at === null || start === undefined ? null : at - start;
      if (ms === null) lost++;
      if (i > 0) pushes.push(ms); // the first one warms up
    }
    const latencies = pushes.filter((ms): ms is number => ms !== null);
    o.log?.(`realtime: ${latencies.length} pushes timed, ${lost} lost`);

    let me: RealtimeCaseResult['me'] = null;
    // The route handler reads the process database (DATABASE_URL, which scripts/bench.ts requires).
    if (o.baseUrl || process.env.DATABASE_URL) {
      const owner = members[0];
      const unseen = Number(
        (
          await o.raw<
            { n: number }[]
          >`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${owner.userId} AND seen_at IS NULL`
        )[0].n,
      );
      const session = await createSession(owner.userId, {}, o.db);
      const call = async (db: Db) => getOwnAccount((await sessionActor(session.token, db))!, db);
      const { statements } = await o.capturing.capture(call);
      const api: number[] = [];
      const rawMs: number[] = [];
      const app: number[] = [];
      const floor = emptyFloors();
      const http = o.baseUrl ? new Pool(o.baseUrl, { connections: 1 }) : null;
      const handler = http ? null : (await import('@/app/api/me/route')).GET;
      const cookie = `discshelf_session=${session.token}`;
      try {
        for (let round = 0; round <= o.meRounds; round++) {
          const timers = [
            async () => {
              const r = await timed(async () => {
                let status: number;
                if (http) {
                  const res = await http.request({ method: 'GET', path: '/api/me', headers: { cookie } });
                  await res.body.text();
                  status = res.statusCode;
                } else {
                  const res = await handler!(new Request('http://localhost/api/me', { headers: { cookie } }));
                  await res.text();
                  status = res.status;
                }
                if (status !== 200) throw new Error(`/api/me answered ${status}`);
              });
              if (round > 0) api.push(r.ms);
            },
            async () => {
              const r = await timed(() => replay(o.raw, statements as CapturedStatement[]));
              if (round > 0) rawMs.push(r.ms);
            },
            async () => {
              const r = await timed(() => call(o.db));
              if (round > 0) app.push(r.ms);
            },
            async () => {
              if (!http) return;
              const sample = await timeFloor(http);
              if (round > 0) recordFloor(floor, sample);
            },
          ];
          const shift = round % timers.length;
          for (const run of [...timers.slice(shift), ...timers.slice(0, shift)]) await run();
        }
      } finally {
        await http?.close();
        // The handler opened the process database: close it, or its idle connections keep the bench running.
        if (handler) {
          const g = globalThis as typeof globalThis & { __discshelfDb?: Promise<DbHandle> };
          await (await g.__discshelfDb)?.close();
          g.__discshelfDb = undefined;
        }
      }
      me = {
        api: summarize(api),
        raw: summarize(rawMs),
        app: summarize(app),
        samples: { api, raw: rawMs },
        floor,
        statements: statements.length,
        unseen,
        via: http ? 'http' : 'handler',
      };
    }
    return {
      latency: summarize(latencies),
      pushes,
      subscribers: connections.length,
      lost,
      lostAfterMs: LOST_AFTER_MS,
      me,
    };
  } finally {
    for (const c of connections) c.disconnect();
    await soketi.stop();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await removeBenchMembers(o.raw, DOMAIN);
  }
}
