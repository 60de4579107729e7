/**
 * The realtime channel's names and payloads, shared by the server (lib/realtime/server.ts), the
 * bell (components/account/notification-bell.tsx) and the tests. Pure.
 */

/** The private channel of one member: `private-user-{public_id}`. */
export function userChannel(userPublicId: string): string {
  return `private-user-${userPublicId}`;
}

/** The member's public id in a channel name of {@link userChannel}, or null for any other name. */
export function channelUser(channel: string): string | null {
  const m = /^private-user-([A-Za-z0-9_-]{1,64})$/.exec(channel);
  return m ? m[1] : null;
}

/** The event name of a stored notification on a member's channel. */
export const NOTIFICATION_EVENT = 'notification';

/** The payload of {@link NOTIFICATION_EVENT}: the notification's public id and type number only (well under 1 KB). */
export type NotificationPush = { id: string; type: number };

/**
 * The event name of the admins' queue count on an admin's channel: pushed after a change request
 * is submitted, approved, discarded or withdrawn.
 */
export const PENDING_CHANGES_EVENT = 'pending-changes';

/** The payload of {@link PENDING_CHANGES_EVENT}: how many change requests wait for approval. */
export type PendingChangesPush = { pending: number };

/**
 * What the browser needs to connect (`GET /api/realtime`): the app key and the server it speaks
 * the Pusher protocol with: `host`/`port` for Soketi or another self-hosted server, or `cluster`
 * for Pusher's hosted service (host and port null). `tls`: wss instead of ws.
 */
export type RealtimeClientConfig = {
  key: string;
  host: string | null;
  port: number | null;
  tls: boolean;
  cluster: string | null;
};
