/**
 * Recording the domain events a test publishes, for the community integration tests. Kept apart from
 * tests/support/community.ts: a `vi.mock('@/lib/data/events', …)` factory imports it, and a module
 * that imports lib/data would import the events module being mocked.
 */
import type { Db } from '@/db';
import type { DomainEventName, DomainEvents } from '@/lib/data/event-types';

/** A domain event as published: its name and payload. */
export type PublishedEvent = { name: string; event: Record<string, unknown> };

type EventsModule = typeof import('@/lib/data/events');

/**
 * The events module with `publish` recording each event in `published` before publishing it; for a
 * test file's `vi.mock('@/lib/data/events', …)` factory (imported there dynamically, since the
 * factory runs before the file's imports):
 *
 * ```ts
 * const published = vi.hoisted(() => [] as PublishedEvent[]);
 * vi.mock('@/lib/data/events', async (importOriginal) =>
 *   (await import('../support/published-events')).recordingPublish(await importOriginal(), published),
 * );
 * ```
 */
export function recordingPublish(orig: EventsModule, published: PublishedEvent[]): EventsModule {
  return {
    ...orig,
    publish: async <N extends DomainEventName>(tx: Db, name: N, event: DomainEvents[N]) => {
      published.push({ name, event });
      return orig.publish(tx, name, event);
    },
  };
}
