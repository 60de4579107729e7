/**
 * Next.js instrumentation: `register` runs once when a server process starts (`next start`,
 * `next dev`). On the Node.js runtime it schedules the daily notification digest
 * (lib/digest-schedule.ts); never during `next build`. The import sits inside the runtime check,
 * as Next's documentation has it, so the Edge bundle leaves the database code out.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    if (process.env.NEXT_PHASE === 'phase-production-build') return;
    const { scheduleDailyDigest } = await import('@/lib/digest-schedule');
    scheduleDailyDigest();
  }
}
