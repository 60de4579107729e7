import 'server-only';
/**
 * The app's side of the realtime channel (Pusher protocol; Soketi locally, or Pusher's hosted
 * service): triggers a stored notification's hint on the member's private channel after commit,
 * the admins' queue count on theirs, and signs channel subscriptions. The notification row is the source of truth: a failed push is
 * logged and loses nothing (the bell refetches the count when it reconnects).
 */
import Pusher from 'pusher';
import type { DomainEvents } from '@/lib/data/event-types';
import {
  NOTIFICATION_EVENT,
  PENDING_CHANGES_EVENT,
  userChannel,
  type NotificationPush,
  type PendingChangesPush,
} from './channels';
import { realtimeConfig, type RealtimeConfig } from './config';
import { logError } from '@/lib/log';

/** How long one trigger may take before it counts as failed (milliseconds). */
const TRIGGER_TIMEOUT_MS = 3000;

let cached: { key: string; client: Pusher } | null = null;

/** The `pusher` server client of the current PUSHER_* settings (made again when they change). */
export function pusherServer(config: RealtimeConfig = realtimeConfig()): Pusher {
  const key = JSON.stringify(config);
  if (cached?.key === key) return cached.client;
  const base = {
    appId: config.appId,
    key: config.key,
    secret: config.secret,
    useTLS: config.useTLS,
    timeout: TRIGGER_TIMEOUT_MS,
  };
  const client = config.cluster
    ? new Pusher({ ...base, cluster: config.cluster })
    : new Pusher({ ...base, host: config.host, port: String(config.port) });
  cached = { key, client };
  return client;
}

/**
 * After-commit effect of 'notification.created': triggers `notification` `{ id, type }` on
 * `private-user-{public_id}`. Never throws: a failure is logged (the row is stored; the client
 * catches up from the count).
 */
export async function pushNotification(e: DomainEvents['notification.created']): Promise<void> {
  const payload: NotificationPush = { id: e.publicId, type: e.type };
  try {
    await pusherServer().trigger(userChannel(e.userPublicId), NOTIFICATION_EVENT, payload);
  } catch (error) {
    logError(
      `realtime push of notification ${e.publicId} failed (stored; the bell catches up):`,
      error instanceof Error ? error.message : error,
    );
  }
}

/** Most channels one trigger may name (the Pusher protocol's limit). */
const CHANNELS_PER_TRIGGER = 100;

/**
 * After-commit effect of 'change.submitted' and 'change.settled': triggers `pending-changes`
 * `{ pending }` on the private channel of every admin the event's queue names (one trigger per 100
 * admins). Never throws: a failure is logged (the count comes with every page's /api/me too).
 */
export async function pushPendingChanges(
  e: DomainEvents['change.submitted'] | DomainEvents['change.settled'],
): Promise<void> {
  const payload: PendingChangesPush = { pending: e.queue.pending };
  const channels = e.queue.admins.map(userChannel);
  for (let i = 0; i < channels.length; i += CHANNELS_PER_TRIGGER) {
    try {
      await pusherServer().trigger(channels.slice(i, i + CHANNELS_PER_TRIGGER), PENDING_CHANGES_EVENT, payload);
    } catch (error) {
      logError('realtime push of the pending change count failed:', error instanceof Error ? error.message : error);
    }
  }
}

/** Signs a private-channel subscription (`{ auth }` for pusher-js); the caller checks whose channel it is. */
export function authorizeChannel(socketId: string, channel: string): { auth: string } {
  return pusherServer().authorizeChannel(socketId, channel);
}
