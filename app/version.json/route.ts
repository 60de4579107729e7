import { APP_VERSION } from '@/lib/version';

export const dynamic = 'force-dynamic';

/**
 * GET /version.json?ts=…: the built-in app version `{ "version": APP_VERSION }`, never
 * cached (`ts` only defeats caches on the way). The client compares it every 30 minutes.
 */
export function GET(): Response {
  return Response.json({ version: APP_VERSION }, { headers: { 'cache-control': 'no-store, max-age=0' } });
}
