/**
 * The offline scanner's copy and outbox (lib/scan/offline.ts): answers from the saved lists,
 * changes coalesced per release and toggle, the copy updated by a toggle, and the outbox sent in
 * order, stopping at the first change that could not be sent.
 */
import { describe, expect, it } from 'vitest';
import {
  applyToggle,
  findOffline,
  flushOutbox,
  outcomeOf,
  queueToggle,
  type MemberBarcodes,
  type QueuedToggle,
} from '@/lib/scan/offline';

const COPY: MemberBarcodes = {
  user: 'member0001',
  read_at: '2026-12-01T10:00:00.000Z',
  releases: [
    {
      ean: '6417832001237',
      public_id: 'rel-a',
      name: 'Film A (Blu-ray)',
      format: 1,
      country: 4,
      release_year: 2020,
      have: true,
      wanted: false,
      lists: [
        { public_id: 'own', name: 'Owned', style: 3 },
        { public_id: 'trade', name: 'For trade', style: 7 },
      ],
    },
  ],
};
const RELEASE_B = {
  ean: '5051892199995',
  public_id: 'rel-b',
  name: 'Film B (DVD)',
  format: 3,
  country: null,
  release_year: null,
};

const change = (release: string, kind: 'have' | 'wanted', on: boolean, at: string): QueuedToggle => ({
  release,
  kind,
  on,
  queued_at: at,
});

describe('offline answers', () => {
  it("finds a barcode in the member's saved lists, and nothing without a copy", () => {
    expect(findOffline(COPY, '6417832001237').map((r) => r.public_id)).toEqual(['rel-a']);
    expect(findOffline(COPY, '5051892199995')).toEqual([]);
    expect(findOffline(null, '6417832001237')).toEqual([]);
  });

  it('a toggle set offline shows in the copy: a new release joins it, turning off removes that list only', () => {
    const wanted = applyToggle(COPY, RELEASE_B, { kind: 'wanted', on: true });
    const b = findOffline(wanted, RELEASE_B.ean)[0]!;
    expect([b.have, b.wanted, b.lists.map((l) => l.style)]).toEqual([false, true, [4]]);
    expect(wanted.releases).toHaveLength(2);

    const notOwned = applyToggle(COPY, COPY.releases[0]!, { kind: 'have', on: false });
    const a = findOffline(notOwned, '6417832001237')[0]!;
    expect([a.have, a.lists.map((l) => l.public_id)]).toEqual([false, ['trade']]);
    // The copy given is not changed.
    expect(COPY.releases[0]!.have).toBe(true);
  });
});

describe('the outbox', () => {
  it('keeps only the last state asked for per release and toggle', () => {
    let outbox = queueToggle([], change('rel-a', 'have', false, '1'));
    outbox = queueToggle(outbox, change('rel-b', 'wanted', true, '2'));
    outbox = queueToggle(outbox, change('rel-a', 'have', true, '3'));
    expect(outbox.map((q) => [q.release, q.kind, q.on])).toEqual([
      ['rel-b', 'wanted', true],
      ['rel-a', 'have', true],
    ]);
  });

  it('settles statuses: 2xx sent; 4xx refusals dropped; no answer, 5xx, 401, 408 and 429 kept', () => {
    expect([200, 204].map(outcomeOf)).toEqual(['sent', 'sent']);
    expect([400, 403, 404, 409].map(outcomeOf)).toEqual(['dropped', 'dropped', 'dropped', 'dropped']);
    expect([null, 500, 503, 401, 408, 429].map(outcomeOf)).toEqual(['kept', 'kept', 'kept', 'kept', 'kept', 'kept']);
  });

  it('sends in order and stops at the first change kept, so a later one never overtakes it', async () => {
    const outbox = [change('a', 'have', true, '1'), change('b', 'have', true, '2'), change('c', 'wanted', true, '3')];
    const statuses: Record<string, number | null> = { a: 404, b: null, c: 200 };
    const tried: string[] = [];
    const result = await flushOutbox(outbox, async (q) => {
      tried.push(q.release);
      return statuses[q.release]!;
    });
    expect(tried).toEqual(['a', 'b']);
    expect(result).toEqual({ outbox: outbox.slice(1), sent: 0, dropped: 1 });

    statuses.b = 200;
    const again = await flushOutbox(result.outbox, async (q) => statuses[q.release]!);
    expect(again).toEqual({ outbox: [], sent: 2, dropped: 0 });
  });
});
