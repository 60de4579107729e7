import 'server-only';
/**
 * The logged-in user of a server-rendered page (server components): the session cookie checked
 * against `user_sessions`, once per request. Reading it makes the page dynamic (per viewer), so
 * only pages whose content depends on the viewer use it (a collection page shows private
 * collections to their owner). Route handlers use request.ts `actorFromRequest` instead.
 */
import { cookies } from 'next/headers';
import { cache } from 'react';
import type { Actor } from '@/lib/auth/actor';
import { sessionActor } from '@/lib/data/sessions';
import { SESSION_COOKIE } from './request';

/** The viewer of the page being rendered, or null for a visitor. */
export const currentActor = cache(async (): Promise<Actor | null> =>
  sessionActor((await cookies()).get(SESSION_COOKIE)?.value ?? null),
);
