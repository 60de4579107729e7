'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { SESSION_CHANGED } from '@/components/account/session-events';
import { requireLogin, takePendingAction } from '@/components/account/login-required';
import { showSnackbar } from '@/components/ui/snackbar';
import { Link } from '@/lib/i18n/navigation';
import { defaultNameKey } from '@/lib/validation/collection-limits';

type Item = 'movie' | 'release';
type Kind = 'have' | 'wanted' | 'seen' | 'want_see' | 'like';
type State = { counts: Partial<Record<Kind, number>>; mine: Partial<Record<Kind, boolean>> | null };
/** One of the member's collections that holds the item (from GET /api/me/collections). */
type Holding = { public_id: string; name: string; style: number };

const KINDS: Record<Item, Kind[]> = { release: ['have', 'wanted', 'like'], movie: ['seen', 'want_see', 'like'] };
const API: Record<Item, string> = { release: '/api/releases', movie: '/api/titles' };

/**
 * The member toggles of a movie (seen, want to see, like) or a release (HAVE, WANTED, like) with
 * their counters. State comes from the toggles endpoint in the browser, so the cached page stays
 * the same for everyone. A visitor's click opens the login dialog with the prompt 'You must be
 * logged in to use this feature'; once logged in (dialog, or Facebook/Google and back to this
 * URL) the toggle is turned on. Each change is confirmed in the snackbar (5 s). "Add to
 * collection" opens the add-to-collection dialog (after a login for visitors, the same way). A
 * member also sees which of their collections hold the item, each a link (read again after an
 * addition or a toggle that fills a list).
 */
type DialogProps = { item: Item; publicId: string; name: string; onClose: () => void; onAdded: () => void };

export function ToggleBar({ item, publicId, name }: { item: Item; publicId: string; name: string }) {
  const t = useTranslations('toggles');
  const tc = useTranslations('collections');
  const [state, setState] = useState<State | null>(null);
  const [busy, setBusy] = useState<Kind | null>(null);
  // The add-to-collection dialog: its code loads on first use.
  const [AddDialog, setAddDialog] = useState<ComponentType<DialogProps> | null>(null);
  const [adding, setAdding] = useState(false);
  const [holdings, setHoldings] = useState<Holding[]>([]);
  const loadHoldings = useCallback(async () => {
    try {
      const res = await fetch(`/api/me/collections?${item}=${encodeURIComponent(publicId)}`, {
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (!res.ok) return setHoldings([]);
      const body = (await res.json()) as { items: (Holding & { has_item: boolean })[] };
      setHoldings(body.items.filter((c) => c.has_item));
    } catch {
      // Only an aid: without it the page works as before.
    }
  }, [item, publicId]);
  const openAdd = useCallback(() => {
    void import('./add-to-collection-dialog').then((m) => {
      setAddDialog(() => m.default);
      setAdding(true);
    });
  }, []);
  // Writes started and writes still running: a load whose answer may predate a write (it started
  // before the write, or while one was running) must not overwrite the state the write returned.
  const writes = useRef({ started: 0, running: 0 });
  const endpoint = `${API[item]}/${publicId}/toggles`;
  const keyPrefix = `toggle:${item}:${publicId}:`;

  const change = useCallback(
    async (kind: Kind, on: boolean) => {
      setBusy(kind);
      writes.current.started += 1;
      writes.current.running += 1;
      try {
        const res = await fetch(endpoint, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ kind, on }),
        });
        if (res.status === 401) {
          requireLogin(keyPrefix + kind);
          return;
        }
        if (res.status === 429) {
          showSnackbar(t('limited', { minutes: Math.ceil(Number(res.headers.get('retry-after')) / 60) || 1 }));
          return;
        }
        if (!res.ok) {
          showSnackbar(t('failed'));
          return;
        }
        const body = (await res.json()) as { on: boolean; count: number };
        setState((s) => ({ counts: { ...s?.counts, [kind]: body.count }, mine: { ...s?.mine, [kind]: body.on } }));
        showSnackbar(t(`${kind}.${body.on ? 'added' : 'removed'}`));
        // Every toggle but like fills or empties a list.
        if (kind !== 'like') void loadHoldings();
      } catch {
        showSnackbar(t('failed'));
      } finally {
        writes.current.running -= 1;
        setBusy(null);
      }
    },
    [endpoint, keyPrefix, t, loadHoldings],
  );

  const load = useCallback(async () => {
    const startedBefore = writes.current.started;
    const overlapsWrite = writes.current.running > 0;
    try {
      const res = await fetch(endpoint, { credentials: 'same-origin', cache: 'no-store' });
      if (!res.ok) return;
      const next = (await res.json()) as State;
      if (overlapsWrite || writes.current.running > 0 || writes.current.started !== startedBefore) return;
      setState(next);
      if (next.mine) void loadHoldings();
      else setHoldings([]);
      // Back from a login that a click on this page asked for: complete that click.
      if (next.mine)
        for (const kind of KINDS[item])
          if (takePendingAction(keyPrefix + kind) && !next.mine[kind]) await change(kind, true);
      if (next.mine && takePendingAction(`${keyPrefix}add`)) openAdd();
    } catch {
      // The buttons stay usable; a click reports a failure.
    }
  }, [endpoint, item, keyPrefix, change, openAdd, loadHoldings]);

  useEffect(() => {
    void load();
    window.addEventListener(SESSION_CHANGED, load);
    return () => window.removeEventListener(SESSION_CHANGED, load);
  }, [load]);

  return (
    <div role="group" aria-label={t('label')} className="mt-3 flex flex-wrap gap-2" data-testid="toggle-bar">
      {KINDS[item].map((kind) => {
        const on = Boolean(state?.mine?.[kind]);
        const count = state?.counts[kind];
        return (
          <button
            key={kind}
            type="button"
            aria-pressed={on}
            disabled={busy === kind}
            onClick={() => (state && !state.mine ? requireLogin(keyPrefix + kind) : void change(kind, !on))}
            className={`inline-flex min-h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold ${
              on ? 'border-accent bg-accent ' + 'text-white' : 'border-line bg-panel hover:bg-tint'
            }`}
            data-testid={`toggle-${kind}`}
          >
            <span>{t(`${kind}.button`)}</span>
            {count !== undefined ? (
              <span
                className={`rounded-full px-1.5 text-xs ${on ? 'bg-black/20' : 'bg-tint'}`}
                aria-label={t('count', { count })}
              >
                {t('countValue', { count })}
              </span>
            ) : null}
          </button>
        );
      })}
      <button
        type="button"
        onClick={() => (state && !state.mine ? requireLogin(`${keyPrefix}add`) : openAdd())}
        className="inline-flex min-h-10 items-center rounded-full border border-line bg-panel px-4 text-sm font-semibold hover:bg-tint"
        data-testid="add-to-collection-open"
      >
        + {tc('addTo')}
      </button>
      {holdings.length ? (
        <p className="basis-full text-sm text-muted" data-testid="in-my-collections">
          {tc('inYours')}{' '}
          {holdings.map((c, i) => {
            const key = defaultNameKey(c);
            return (
              <span key={c.public_id}>
                {i ? ', ' : null}
                <Link href={`/collection/${c.public_id}`} className="text-ink underline">
                  {key ? tc(key) : c.name}
                </Link>
              </span>
            );
          })}
        </p>
      ) : null}
      {AddDialog && adding ? (
        <AddDialog
          item={item}
          publicId={publicId}
          name={name}
          onClose={() => setAdding(false)}
          onAdded={() => void load()}
        />
      ) : null}
    </div>
  );
}
