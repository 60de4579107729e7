/**
 * The realtime settings from PUSHER_* (lib/realtime/config.ts), the channel names
 * (lib/realtime/channels.ts) and the daily digest's timing (lib/digest-schedule.ts).
 */
import { describe, expect, it } from 'vitest';
import { digestHour, msUntilHour } from '@/lib/digest-schedule';
import { channelUser, userChannel } from '@/lib/realtime/channels';
import { spawnSync } from 'node:child_process';
import {
  assertRealtimeCredentials,
  clientConfig,
  LOCAL_REALTIME,
  realtimeConfig,
  wantsLocalSoketi,
} from '@/lib/realtime/config';

describe('realtime settings', () => {
  it('no variables: the local Soketi on 127.0.0.1:6001 with the default app, started by the scripts', () => {
    const c = realtimeConfig({});
    expect(c).toMatchObject({ ...LOCAL_REALTIME, useTLS: false, cluster: null });
    expect(wantsLocalSoketi(c)).toBe(true);
    expect(clientConfig(c)).toEqual({
      key: LOCAL_REALTIME.key,
      host: '127.0.0.1',
      port: 6001,
      tls: false,
      cluster: null,
    });
  });

  it("hosted Pusher: the cluster's API host over TLS, nothing started, the browser gets the cluster", () => {
    const c = realtimeConfig({ PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: 's', PUSHER_CLUSTER: 'eu' });
    expect(c).toMatchObject({ host: 'api-eu.pusher.com', port: 443, useTLS: true, cluster: 'eu' });
    expect(wantsLocalSoketi(c)).toBe(false);
    expect(clientConfig(c)).toEqual({ key: 'k', host: null, port: null, tls: true, cluster: 'eu' });
  });

  it('a shared Soketi elsewhere: not started here; browsers may connect through another address', () => {
    const c = realtimeConfig({
      PUSHER_HOST: 'soketi.internal',
      PUSHER_PORT: '6002',
      PUSHER_CLIENT_HOST: 'ws.example.org',
      PUSHER_CLIENT_PORT: '443',
      PUSHER_USE_TLS: 'false',
    });
    expect(wantsLocalSoketi(c)).toBe(false);
    expect(clientConfig(c)).toMatchObject({ host: 'ws.example.org', port: 443, tls: false });
    expect(wantsLocalSoketi(realtimeConfig({ PUSHER_HOST: 'localhost', PUSHER_PORT: '6010' }))).toBe(true);
  });

  it('production refuses the public default credentials for a realtime server reachable beyond this machine', () => {
    const prod = { NODE_ENV: 'production' };
    const check = (env: Record<string, string>) => () =>
      assertRealtimeCredentials(realtimeConfig(env), { ...prod, ...env });
    // A fresh clone's local Soketi on loopback keeps the defaults, in production too.
    expect(check({})).not.toThrow();
    expect(check({ PUSHER_HOST: 'localhost' })).not.toThrow();
    // Reachable beyond loopback: another host, a client address others use, a hosted cluster.
    expect(check({ PUSHER_HOST: 'soketi.internal' })).toThrow(
      /PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET are the public default/,
    );
    expect(check({ PUSHER_CLIENT_HOST: 'push.example.fi' })).toThrow(/push\.example\.fi/);
    expect(check({ PUSHER_CLUSTER: 'eu', PUSHER_APP_ID: '1', PUSHER_KEY: 'k' })).toThrow(
      /PUSHER_SECRET is the public default/,
    );
    // Own credentials: allowed anywhere; outside production nothing is refused.
    const own = { PUSHER_APP_ID: 'app', PUSHER_KEY: 'key', PUSHER_SECRET: 'a-long-secret' };
    expect(check({ ...own, PUSHER_HOST: 'soketi.internal' })).not.toThrow();
    const dev = realtimeConfig({ PUSHER_HOST: 'soketi.internal' });
    expect(() => assertRealtimeCredentials(dev, { PUSHER_HOST: 'soketi.internal' })).not.toThrow();
  });

  it('npm start in production stops at once with that message', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: { ...process.env, NODE_ENV: 'production', PUSHER_HOST: 'soketi.internal', PUSHER_SECRET: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/PUSHER_SECRET.*public default.*soketi\.internal/s);
  });

  it('channel names: private-user-{public id}, and back', () => {
    expect(userChannel('abc_DEF-12')).toBe('private-user-abc_DEF-12');
    expect(channelUser('private-user-abc_DEF-12')).toBe('abc_DEF-12');
    for (const other of ['private-other-abc', 'presence-user-abc', 'private-user-', 'private-user-a b'])
      expect(channelUser(other)).toBeNull();
  });
});

describe('daily digest timing', () => {
  const HOUR = 3600_000;

  it('the next run is at the configured hour of the zone, today or tomorrow', () => {
    expect(msUntilHour(6, new Date('2026-01-01T05:00:00Z'), 'UTC')).toBe(HOUR);
    expect(msUntilHour(6, new Date('2026-01-01T06:00:00Z'), 'UTC')).toBe(24 * HOUR);
    expect(msUntilHour(6, new Date('2026-01-31T07:30:00Z'), 'UTC')).toBe(22.5 * HOUR);
    // Helsinki: 05:00 local in winter (UTC+2) and in summer (UTC+3) is an hour before six.
    expect(msUntilHour(6, new Date('2026-01-01T03:00:00Z'), 'Europe/Helsinki')).toBe(HOUR);
    expect(msUntilHour(6, new Date('2026-06-01T02:00:00Z'), 'Europe/Helsinki')).toBe(HOUR);
    // 22:30 UTC is already 00:30 the next day in Helsinki: six is 5.5 hours away, not 7.5.
    expect(msUntilHour(6, new Date('2026-11-29T22:30:00Z'), 'Europe/Helsinki')).toBe(5.5 * HOUR);
    // A zone 5:45 ahead of UTC: 05:45 local, a quarter of an hour before six.
    expect(msUntilHour(6, new Date('2026-01-01T00:00:00Z'), 'Asia/Kathmandu')).toBe(HOUR / 4);
  });

  it('runs once on the days the clock changes', () => {
    // 29 March 2026 in Helsinki: 03:00 does not exist (03:00 EET → 04:00 EEST at 01:00 UTC).
    expect(msUntilHour(3, new Date('2026-03-28T23:00:00Z'), 'Europe/Helsinki')).toBe(2 * HOUR);
    // 25 October 2026: 03:00 happens twice (04:00 EEST → 03:00 EET at 01:00 UTC); the first counts,
    const first = new Date('2026-10-25T00:00:00Z');
    expect(msUntilHour(3, new Date('2026-10-24T22:00:00Z'), 'Europe/Helsinki')).toBe(2 * HOUR);
    // and just after it the next run is the next day's 03:00 EET (01:00 UTC), not the repeat an hour later.
    expect(msUntilHour(3, new Date(first.getTime() + 5000), 'Europe/Helsinki')).toBe(25 * HOUR - 5000);
  });

  it('NOTIFICATIONS_DIGEST_HOUR: default 6, off, or an hour 0-23', () => {
    expect(digestHour({})).toBe(6);
    expect(digestHour({ NOTIFICATIONS_DIGEST_HOUR: 'off' })).toBeNull();
    expect(digestHour({ NOTIFICATIONS_DIGEST_HOUR: '0' })).toBe(0);
    expect(digestHour({ NOTIFICATIONS_DIGEST_HOUR: '25' })).toBe(6);
  });
});
