/**
 * The client side of the realtime channel: connects with `pusher-js` (imported on first use, so
 * it is never part of a page's first load) to the member's private channel, authorizing the
 * subscription through `POST /api/pusher/auth`. Used by the bell in the browser and by the tests
 * and the bench in Node (pusher-js picks its build per platform).
 */
import type { ChannelAuthorizationHandler } from 'pusher-js';
import {
  NOTIFICATION_EVENT,
  PENDING_CHANGES_EVENT,
  userChannel,
  type NotificationPush,
  type PendingChangesPush,
  type RealtimeClientConfig,
} from './channels';

/** Asks the app to sign a subscription: `{ auth }` or an Error (401, 403, network). */
export type Authorize = (params: { socket_id: string; channel_name: string }) => Promise<{ auth: string }>;

/** A connection to one member's channel. */
export type NotificationConnection = {
  /** Resolves once the channel's subscription is confirmed; rejects when it is refused. */
  subscribed: Promise<void>;
  /** Current connection state of pusher-js (connecting, connected, unavailable, …). */
  state: () => string;
  disconnect: () => void;
};

/** The browser's authorization: the same-origin JSON call with the session cookie. */
export const authorizeThroughApi: Authorize = async (params) => {
  const res = await fetch('/api/pusher/auth', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  if (!res.ok) throw new Error(`channel authorization refused (${res.status})`);
  return (await res.json()) as { auth: string };
};

/**
 * Connects to `private-user-{userPublicId}`: `onNotification` for each pushed notification,
 * `onPendingChanges` for each new count of the change-request queue (admins' channels only),
 * `onReconnect` each time the connection comes back after a loss (the caller refetches what it
 * missed: the row is the source of truth, the push only a hint).
 */
export async function connectNotifications(opts: {
  config: RealtimeClientConfig;
  userPublicId: string;
  authorize?: Authorize;
  onNotification: (n: NotificationPush) => void;
  onPendingChanges?: (p: PendingChangesPush) => void;
  onReconnect?: () => void;
}): Promise<NotificationConnection> {
  const { config, userPublicId, authorize = authorizeThroughApi } = opts;
  const { default: Pusher } = await import('pusher-js');
  const customHandler: ChannelAuthorizationHandler = (params, callback) => {
    authorize({ socket_id: params.socketId, channel_name: params.channelName }).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
  const pusher = new Pusher(config.key, {
    cluster: config.cluster ?? 'mt1',
    ...(config.host ? { wsHost: config.host, wsPort: config.port ?? 80, wssPort: config.port ?? 443 } : {}),
    forceTLS: config.tls,
    // Plain ws to a local server; with TLS, wss (pusher-js falls back between the two otherwise).
    enabledTransports: config.tls ? ['ws', 'wss'] : ['ws'],
    disableStats: true,
    channelAuthorization: { customHandler },
  });
  let connectedBefore = false;
  pusher.connection.bind('connected', () => {
    if (connectedBefore) opts.onReconnect?.();
    connectedBefore = true;
  });
  const channel = pusher.subscribe(userChannel(userPublicId));
  channel.bind(NOTIFICATION_EVENT, (data: NotificationPush) => opts.onNotification(data));
  if (opts.onPendingChanges) channel.bind(PENDING_CHANGES_EVENT, opts.onPendingChanges);
  const subscribed = new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (e: unknown) =>
      reject(new Error(`subscription refused: ${JSON.stringify(e)}`)),
    );
  });
  // A refusal the caller does not await must not surface as an unhandled rejection.
  subscribed.catch(() => {});
  return { subscribed, state: () => pusher.connection.state, disconnect: () => pusher.disconnect() };
}
