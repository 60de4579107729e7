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
