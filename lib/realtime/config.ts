/**
 * The realtime server's settings from the environment (PUSHER_*), shared by the app's server
 * code, the start script (which starts a local Soketi with the same credentials) and the tests.
 * No variables: a local Soketi on 127.0.0.1:6001 with the app credentials below. PUSHER_CLUSTER
 * (hosted Pusher) or a PUSHER_HOST that is not this machine: another server, none is started.
 * PUSHER_CLIENT_HOST / PUSHER_CLIENT_PORT: the address browsers connect to when it differs from
 * the one the server triggers on (a proxy in front of Soketi).
 */
import type { RealtimeClientConfig } from './channels';

/** The local Soketi's defaults (also Soketi's app credentials when the start script runs it). */
export const LOCAL_REALTIME = {
  appId: 'discshelf',
  key: 'discshelf-key',
  secret: 'discshelf-secret',
  host: '127.0.0.1',
  port: 6001,
} as const;

/** Server-side settings: app id, key, secret and where to trigger (host and port, or a hosted cluster). */
export type RealtimeConfig = {
  appId: string;
  key: string;
  secret: string;
  host: string;
  port: number;
  useTLS: boolean;
  cluster: string | null;
  clientHost: string;
  clientPort: number;
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** The settings of `env` (default process.env) with the local defaults filled in. Pure apart from reading `env`. */
export function realtimeConfig(env: Record<string, string | undefined> = process.env): RealtimeConfig {
  const cluster = env.PUSHER_CLUSTER?.trim() || null;
  const useTLS = env.PUSHER_USE_TLS ? env.PUSHER_USE_TLS === 'true' || env.PUSHER_USE_TLS === '1' : Boolean(cluster);
  const host = env.PUSHER_HOST?.trim() || (cluster ? `api-${cluster}.pusher.com` : LOCAL_REALTIME.host);
  const port = Number(env.PUSHER_PORT) || (cluster || useTLS ? 443 : LOCAL_REALTIME.port);
  return {
    appId: env.PUSHER_APP_ID?.trim() || LOCAL_REALTIME.appId,
    key: env.PUSHER_KEY?.trim() || LOCAL_REALTIME.key,
    secret: env.PUSHER_SECRET?.trim() || LOCAL_REALTIME.secret,
    host,
    port,
    useTLS,
    cluster,
    clientHost: env.PUSHER_CLIENT_HOST?.trim() || host,
    clientPort: Number(env.PUSHER_CLIENT_PORT) || port,
  };
}

/**
 * Refuses, under NODE_ENV=production, the public default app id, key or secret (LOCAL_REALTIME)
 * for a realtime server reachable beyond this machine (a hosted cluster, a PUSHER_HOST or a
 * PUSHER_CLIENT_HOST that is not loopback): anyone who read this code could sign subscriptions to
 * any member's channel or trigger events with them. A local Soketi on loopback (a fresh clone's
 * `npm start`) keeps the defaults. Pure apart from reading `env`.
 * @throws Error naming the variables to set
 */
export function assertRealtimeCredentials(
  config: RealtimeConfig,
  env: Record<string, string | undefined> = process.env,
): void {
  if (env.NODE_ENV !== 'production') return;
  const beyond = Boolean(config.cluster) || !LOOPBACK.has(config.host) || !LOOPBACK.has(config.clientHost);
  const defaults = (['appId', 'key', 'secret'] as const).filter((k) => config[k] === LOCAL_REALTIME[k]);
  if (!beyond || !defaults.length) return;
  const names = { appId: 'PUSHER_APP_ID', key: 'PUSHER_KEY', secret: 'PUSHER_SECRET' };
  const where = config.cluster ? `Pusher cluster ${config.cluster}` : `${config.host} (browsers: ${config.clientHost})`;
  throw new Error(
    `Realtime: ${defaults.map((k) => names[k]).join(', ')} ${defaults.length > 1 ? 'are' : 'is'} the public default ` +
      `while the realtime server is reachable beyond this machine (${where}). Set your own values ` +
      '(e.g. PUSHER_SECRET=$(openssl rand -hex 32)) in the environment of the app and of Soketi, then start again.',
  );
}

/** Whether the app's scripts should run a Soketi of their own: no hosted cluster and a host on this machine. */
export function wantsLocalSoketi(config: RealtimeConfig): boolean {
  return !config.cluster && LOOPBACK.has(config.host);
}

/** What the browser gets (`GET /api/realtime`): the public key and address, never the secret. */
export function clientConfig(config: RealtimeConfig): RealtimeClientConfig {
  return config.cluster
    ? { key: config.key, host: null, port: null, tls: true, cluster: config.cluster }
    : { key: config.key, host: config.clientHost, port: config.clientPort, tls: config.useTLS, cluster: null };
}
