'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { requireLogin, takePendingAction } from '@/components/account/login-required';
import { showSnackbar } from '@/components/ui/snackbar';

/** The API collection of each likeable community item. */
const API = { review: '/api/reviews', post: '/api/posts', comment: '/api/comments' } as const;

/**
 * The like button of a review, post or comment with its count. The page is
 * rendered per viewer, so the state comes from the server: `on` null for a visitor (a click opens
 * the login dialog and the like is set once logged in, when the page renders again for the
 * member), `own` for the viewer's own item (the count only: nobody likes their own writing).
 * A change goes through `POST /api/{reviews|posts|comments}/{id}/toggles` and is confirmed in the
 * snackbar.
 */
export function LikeButton({
  item,
  publicId,
  count: initialCount,
  on: initialOn,
  own,
}: {
  item: keyof typeof API;
  publicId: string;
  count: number;
  on: boolean | null;
  own: boolean;
}) {
  const t = useTranslations('toggles');
  const [state, setState] = useState({ on: initialOn ?? false, count: initialCount });
  // The page rendered again (after a login, or a refresh): take the server's state.
  const [shown, setShown] = useState({ initialOn, initialCount });
  if (shown.initialOn !== initialOn || shown.initialCount !== initialCount) {
    setShown({ initialOn, initialCount });
    setState({ on: initialOn ?? false, count: initialCount });
  }
  const [busy, setBusy] = useState(false);
  const pendingKey = `like:${item}:${publicId}`;
  const resumed = useRef(false);

  async function change(on: boolean) {
    setBusy(true);
    try {
      const res = await fetch(`${API[item]}/${publicId}/toggles`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'like', on }),
      });
      if (res.status === 401) return requireLogin(pendingKey);
      if (!res.ok)
        return showSnackbar(
          t(res.status === 429 ? 'limited' : 'failed', {
            minutes: Math.ceil(Number(res.headers.get('retry-after')) / 60) || 1,
          }),
        );
      const body = (await res.json()) as { on: boolean; count: number };
      setState({ on: body.on, count: body.count });
      showSnackbar(t(body.on ? 'like.added' : 'like.removed'));
    } catch {
      showSnackbar(t('failed'));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    // Back from the login a click on this button asked for: complete that like once.
    if (initialOn === false && !own && !resumed.current && takePendingAction(pendingKey)) {
      resumed.current = true;
      void change(true);
    }
    // Runs when the page renders again for a member; `change` reads only stable values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialOn, own, pendingKey]);

  const countText = t('likes', { count: state.count });
  if (own)
    return (
      <span className="text-sm text-muted" data-testid={`like-count-${item}`}>
        {countText}
      </span>
    );
  return (
    <button
      type="button"
      aria-pressed={state.on}
      disabled={busy}
      onClick={() => (initialOn === null ? requireLogin(pendingKey) : void change(!state.on))}
      className={`inline-flex min-h-9 items-center gap-2 rounded-full border px-3 text-sm font-semibold ${
        state.on ? 'border-accent bg-accent text-white' : 'border-line bg-panel hover:bg-tint'
      }`}
      data-testid={`like-${item}`}
    >
      <span>{t('like.button')}</span>
      <span className={`rounded-full px-1.5 text-xs ${state.on ? 'bg-black/20' : 'bg-tint'}`}>{countText}</span>
    </button>
  );
}
