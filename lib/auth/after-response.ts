import 'server-only';
/**
 * Work that runs after the response is sent (a mail that must not delay, or show in, the answer):
 * Next's `after()` inside a request; outside one (route handlers called directly by tests or
 * scripts) a detached promise. The task handles its own errors; a rejection is logged here too.
 */
import { after } from 'next/server';

/** Schedules `task` to run after the current response; never throws. */
export function runAfterResponse(task: () => Promise<void>): void {
  const run = () =>
    task().catch((e: unknown) => {
      console.error('task after the response failed', e);
    });
  try {
    after(run);
  } catch {
    // Outside a request scope `after` throws at once: run detached instead.
    void run();
  }
}
