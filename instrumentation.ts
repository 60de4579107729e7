import type { Instrumentation } from 'next';

/**
 * Next.js instrumentation: `register` runs once when a server process starts (`next start`,
 * `next dev`). On the Node.js runtime it first refuses to start a production server with the
 * public default realtime credentials for a realtime server reachable beyond this machine
 * (lib/realtime/config.ts assertRealtimeCredentials), then schedules the daily notification digest
 * (lib/digest-schedule.ts) and the hourly expired-data purge (lib/purge-schedule.ts), and marks
 * failed the collection import jobs an earlier process of this host left unfinished
 * (lib/data/collection-import.ts failInterruptedImports); never during `next build`. The imports
 * sit inside the runtime check, as Next's documentation has it, so the Edge bundle leaves the
 * database code out.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    if (process.env.NEXT_PHASE === 'phase-production-build') return;
    const { assertRealtimeCredentials, realtimeConfig } = await import('@/lib/realtime/config');
    try {
      assertRealtimeCredentials(realtimeConfig());
    } catch (error) {
      // A production server with the public realtime credentials does not start.
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    }
    const { scheduleDailyDigest } = await import('@/lib/digest-schedule');
    scheduleDailyDigest();
    const { schedulePurge } = await import('@/lib/purge-schedule');
    schedulePurge();
    const { failInterruptedImports } = await import('@/lib/data/collection-import');
    failInterruptedImports().then(
      (n) => {
        if (n) console.log(`collection imports: ${n} left unfinished by a stopped server marked failed`);
      },
      (error: unknown) => console.error('collection imports: checking for interrupted jobs failed', error),
    );
  }
}

/**
 * Next calls this for every server error it catches (rendering, route handlers, the proxy): one
 * redacted log line with the error's digest (the code the 500 page shows), the request id
 * (`X-Request-Id`, set by the app's HTTP server) and the path, so a code a visitor reports leads
 * to the request and its error.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  const { logError } = await import('@/lib/log');
  const digest =
    typeof error === 'object' && error !== null && 'digest' in error
      ? String((error as { digest: unknown }).digest)
      : '-';
  const id = request.headers['x-request-id'];
  logError(
    `server error digest=${digest} ${request.method} ${request.path} (${context.routeType} ${context.routePath})`,
    error,
    typeof id === 'string' ? id : undefined,
  );
};
