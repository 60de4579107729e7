/**
 * The scanner's data on the phone, in IndexedDB (idb-keyval; database `discshelf-scan`): the
 * member's barcode list (`barcodes`, lib/scan/offline.ts MemberBarcodes) and the outbox of HAVE /
 * WANTED changes made without a connection (`outbox`). Cleared when the member logs out
 * (service-worker.ts forgetOfflineData), so the next person on a shared device sees nothing of it.
 */
import { clear, createStore, get, set, update, type UseStore } from 'idb-keyval';
import {
  applyToggle,
  flushOutbox,
  queueToggle,
  type FlushResult,
  type MemberBarcode,
  type MemberBarcodes,
  type QueuedToggle,
  type ScanToggle,
} from '@/lib/scan/offline';

let store: UseStore | null = null;
/** The store, opened on first use (never during server rendering). */
function db(): UseStore {
  store ??= createStore('discshelf-scan', 'kv');
  return store;
}

/** The saved barcode list, or null when none is saved. */
export async function savedBarcodes(): Promise<MemberBarcodes | null> {
  return (await get<MemberBarcodes>('barcodes', db())) ?? null;
}

/**
 * Reads the member's barcode list from the server and saves it, with the changes still waiting in
 * the outbox applied (so a scan answers with them until they are sent).
 * @returns the saved list; `'visitor'` when the server answers 401 (nobody is logged in); null when
 *   the server could not be reached or answered an error
 */
export async function refreshBarcodes(): Promise<MemberBarcodes | 'visitor' | null> {
  let res: Response;
  try {
    res = await fetch('/api/me/barcodes', { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    return null;
  }
  if (res.status === 401) return 'visitor';
  if (!res.ok) return null;
  let copy = (await res.json()) as MemberBarcodes;
  for (const change of await pendingToggles()) {
    const known = copy.releases.find((r) => r.public_id === change.release);
    if (known) copy = applyToggle(copy, known, change);
  }
  await set('barcodes', copy, db());
  return copy;
}

/** The changes waiting to be sent, oldest first. */
export async function pendingToggles(): Promise<QueuedToggle[]> {
  return (await get<QueuedToggle[]>('outbox', db())) ?? [];
}

/**
 * Queues a HAVE / WANTED change made without a connection and shows it in the saved list at once.
 * @returns the changes now waiting
 */
export async function queueOfflineToggle(
  release: Omit<MemberBarcode, 'have' | 'wanted' | 'lists'>,
  change: { kind: ScanToggle; on: boolean },
): Promise<QueuedToggle[]> {
  const queued: QueuedToggle = { release: release.public_id, ...change, queued_at: new Date().toISOString() };
  let outbox: QueuedToggle[] = [];
  await update<QueuedToggle[]>('outbox', (old) => (outbox = queueToggle(old ?? [], queued)), db());
  const copy = await savedBarcodes();
  if (copy) await set('barcodes', applyToggle(copy, release, change), db());
  return outbox;
}

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends the waiting changes to the toggles endpoint (POST /api/releases/{id}/toggles `{ kind, on }`,
 * which sets a state, so a change sent twice is made once) and keeps those that could not be
 * sent. One flush runs at a time: a second call while one runs gets the same result.
 */
export function sendPendingToggles(): Promise<FlushResult> {
  flushing ??= (async () => {
    try {
      const outbox = await pendingToggles();
      const result = await flushOutbox(outbox, async (change) => {
        try {
          const res = await fetch(`/api/releases/${encodeURIComponent(change.release)}/toggles`, {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ kind: change.kind, on: change.on }),
          });
          return res.status;
        } catch {
          return null;
        }
      });
      // The changes settled (sent or dropped) leave the outbox; one queued while this flush ran
      // (a later queued_at, even for the same release and toggle) stays.
      const settled = new Set(outbox.slice(0, outbox.length - result.outbox.length).map(changeKey));
      await update<QueuedToggle[]>('outbox', (now) => (now ?? []).filter((q) => !settled.has(changeKey(q))), db());
      return result;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** One queued change's identity: release, toggle and when it was queued. */
function changeKey(q: QueuedToggle): string {
  return `${q.release}:${q.kind}:${q.queued_at}`;
}

/** Removes the barcode list and the outbox from this device. */
export async function clearOfflineData(): Promise<void> {
  await clear(db());
}
