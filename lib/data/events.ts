import 'server-only';
/**
 * Domain events: a domain publishes what happened inside its transaction instead of importing the
 * domains that react to it. Subscribers (lib/data/subscribers.ts) run in the same transaction, in
 * table order, so counters, default lists and value snapshots commit or roll back with the write;
 * after-commit effects (revalidating cached pages; notifications and realtime pushes belong here) are
 * queued and run only once the transaction has committed. An after-commit failure is logged and
 * never turns a successful write into an error.
 */
import type { Db } from '@/db';
import type { AfterCommitEffect, DomainEventName, DomainEvents, PublishFn, SubscriberTable } from './event-types';
import { SUBSCRIBERS } from './subscribers';
import { logError } from '@/lib/log';

type Pending = { effects: (() => Promise<void> | void)[]; subscribers: SubscriberTable };

/** Transactions opened by {@link inTransaction}, with their queued after-commit effects. */
const open = new WeakMap<Db, Pending>();

/**
 * Runs `work` in a transaction that events can be published in. Given a transaction that is
 * already one of these (a caller's), `work` joins it and the effects wait for the outer commit.
 * `options.subscribers` replaces the subscriber table (tests of the mechanism itself).
 * @returns what `work` returns, after the commit and the after-commit effects
 * @throws whatever `work` or an in-transaction subscriber throws (the transaction is rolled back
 *   and no after-commit effect runs)
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  options: { subscribers?: SubscriberTable } = {},
): Promise<T> {
  if (open.has(db)) return work(db);
  const pending: Pending = { effects: [], subscribers: options.subscribers ?? SUBSCRIBERS };
  const result = await db.transaction(async (tx) => {
    const t = tx as unknown as Db; // Drizzle's transaction type is a subtype of the database type minus `$client`
    open.set(t, pending);
    try {
      return await work(t);
    } finally {
      open.delete(t);
    }
  });
  await runEffects(pending.effects);
  return result;
}

async function runEffects(effects: Pending['effects']): Promise<void> {
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      logError('after-commit effect failed (the write itself succeeded)', error);
    }
  }
}

/**
 * Publishes an event inside a transaction of {@link inTransaction}: runs its in-transaction
 * subscribers now (each may publish further events in the same transaction through its third
 * argument) and queues its after-commit effects.
 * @throws Error when `tx` is not such a transaction (a programming error: the effects would be lost)
 */
export async function publish<N extends DomainEventName>(tx: Db, name: N, event: DomainEvents[N]): Promise<void> {
  const pending = open.get(tx);
  if (!pending) throw new Error(`event ${name} published outside inTransaction()`);
  const subscription = pending.subscribers[name];
  const publishFurther: PublishFn = (next, nextEvent) => publish(tx, next, nextEvent);
  for (const subscriber of subscription?.inTransaction ?? []) await subscriber(tx, event, publishFurther);
  for (const effect of (subscription?.afterCommit ?? []) as AfterCommitEffect<N>[])
    pending.effects.push(() => effect(event));
}
