/**
 * The scanner's offline copy and queue, as pure functions (the browser keeps them in IndexedDB,
 * components/scan/offline-store.ts): the member's own barcode list read from GET /api/me/barcodes
 * answers a scan without a connection, and HAVE / WANTED pressed offline wait in an outbox until
 * the connection returns. The toggles endpoint sets a state (`on: true|false`), it does not flip
 * one, so sending a queued change twice (a retry after a lost answer) never adds a release twice.
 */

/** One of the member's collections holding a release: its public id, name and style (3 owns, 4 wanted, …). */
export type ScanList = { public_id: string; name: string; style: number };

/** A release of the member's barcode list (GET /api/me/barcodes). */
export type MemberBarcode = {
  ean: string;
  public_id: string;
  name: string;
  /** Format id (lib/validation/enums.ts FORMATS). */
  format: number;
  country: number | null;
  release_year: number | null;
  have: boolean;
  wanted: boolean;
  lists: ScanList[];
};

/** The member's barcode list: whose it is (public id), when it was read (ISO 8601) and its releases. */
export type MemberBarcodes = { user: string; read_at: string; releases: MemberBarcode[] };

/** The toggles the scanner offers, and the shortcut list style each fills. */
export const SCAN_TOGGLES = { have: 3, wanted: 4 } as const;
export type ScanToggle = keyof typeof SCAN_TOGGLES;

/** A HAVE or WANTED change waiting to be sent: the release (public id), the toggle, the state asked for and when (ISO 8601). */
export type QueuedToggle = { release: string; kind: ScanToggle; on: boolean; queued_at: string };

/** The releases of the copy carrying a canonical EAN-13 (none when it is not in the member's lists). */
export function findOffline(copy: MemberBarcodes | null, ean: string): MemberBarcode[] {
  return copy ? copy.releases.filter((r) => r.ean === ean) : [];
}

/**
 * Adds a change to the outbox. A change of the same release and toggle replaces the one waiting
 * (only the last state asked for is sent), so pressing HAVE on and off offline sends one request.
 */
export function queueToggle(outbox: readonly QueuedToggle[], change: QueuedToggle): QueuedToggle[] {
  return [...outbox.filter((q) => q.release !== change.release || q.kind !== change.kind), change];
}

/** The release as the member's copy should show it once a toggle is set. */
type ToggledRelease = Omit<MemberBarcode, 'have' | 'wanted' | 'lists'>;

/**
 * The copy with a toggle set on a release (added to the copy when it was not in any list), so the
 * next offline scan answers with the change already made. The shortcut list's entry is shown by
 * its style alone (its name is the server's); the other lists are kept.
 */
export function applyToggle(
  copy: MemberBarcodes,
  release: ToggledRelease,
  change: { kind: ScanToggle; on: boolean },
): MemberBarcodes {
  const style = SCAN_TOGGLES[change.kind];
  const current = copy.releases.find((r) => r.public_id === release.public_id);
  const base: MemberBarcode = current ?? { ...release, have: false, wanted: false, lists: [] };
  const others = base.lists.filter((l) => l.style !== style);
  const held = base.lists.find((l) => l.style === style);
  const next: MemberBarcode = {
    ...base,
    [change.kind]: change.on,
    lists: change.on ? [...others, held ?? { public_id: '', name: '', style }] : others,
  };
  const releases = current
    ? copy.releases.map((r) => (r.public_id === release.public_id ? next : r))
    : [next, ...copy.releases];
  return { ...copy, releases };
}

/**
 * What became of a sent change: `sent` (the server took it, 2xx), `dropped` (refused for good: an
 * unknown or deleted release, a bad request), `kept` (to be sent again: no connection, a server
 * error, the action limit, or an ended session that a new login lets through).
 */
export type SendOutcome = 'sent' | 'dropped' | 'kept';

/** How an HTTP status of the toggles endpoint (null: no answer, the network failed) settles a queued change. */
export function outcomeOf(status: number | null): SendOutcome {
  if (status === null || status >= 500 || status === 401 || status === 429 || status === 408) return 'kept';
  if (status >= 200 && status < 300) return 'sent';
  return 'dropped';
}

/** The result of {@link flushOutbox}: the changes still waiting, and how many were sent and dropped. */
export type FlushResult = { outbox: QueuedToggle[]; sent: number; dropped: number };

/**
 * Sends the outbox in order with `send` (which answers the HTTP status, or null when the network
 * failed). Stops at the first change kept, so later changes never overtake an earlier one; the
 * changes sent and dropped leave the outbox.
 */
export async function flushOutbox(
  outbox: readonly QueuedToggle[],
  send: (change: QueuedToggle) => Promise<number | null>,
): Promise<FlushResult> {
  let sent = 0;
  let dropped = 0;
  for (let i = 0; i < outbox.length; i++) {
    const outcome = outcomeOf(await send(outbox[i]!));
    if (outcome === 'kept') return { outbox: outbox.slice(i), sent, dropped };
    if (outcome === 'sent') sent++;
    else dropped++;
  }
  return { outbox: [], sent, dropped };
}
