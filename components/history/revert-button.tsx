'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useRouter } from '@/lib/i18n/navigation';

/** The texts of a revert control, translated by the server page (the `changes` namespace stays server-side). */
export type RevertWords = {
  /** The button. */
  label: string;
  /** With `confirm`: the question asked first, and its yes and no buttons. */
  question?: string;
  yes?: string;
  no?: string;
  /** Shown after success when the page stays where it is. */
  done?: string;
  failed: string;
};

/**
 * A button that posts to an admin revert endpoint (`POST /api/revisions/{id}/revert` or
 * `POST /api/users/{id}/revert_contributions`), asking `words.question` first when it is given.
 * On success it goes to `href` (unprefixed; the history page without its preview, which shows the
 * new revert revision at the top) or, without one, shows `words.done` and renders the page again;
 * a failure shows `words.failed` and keeps the button.
 */
export function RevertButton({ endpoint, href, words }: { endpoint: string; href?: string; words: RevertWords }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<'done' | 'failed' | null>(null);

  async function send() {
    setBusy(true);
    setState(null);
    try {
      const res = await fetch(endpoint, { method: 'POST', credentials: 'same-origin' });
      if (!res.ok) {
        setState('failed');
        return;
      }
      if (href) router.replace(href);
      else setState('done');
      router.refresh();
    } catch {
      setState('failed');
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  if (state === 'done')
    return (
      <p role="status" className="font-semibold">
        {words.done}
      </p>
    );
  return (
    <div className="space-y-2">
      {asking && words.question ? (
        <div className="space-y-2">
          <p>{words.question}</p>
          <div className="flex flex-wrap gap-2">
            <Button data-action="confirm-revert" disabled={busy} onClick={() => void send()}>
              {words.yes}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
              {words.no}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          data-action="revert"
          variant={words.question ? 'secondary' : 'primary'}
          disabled={busy}
          onClick={() => (words.question ? setAsking(true) : void send())}
        >
          {words.label}
        </Button>
      )}
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-accent-strong">
          {words.failed}
        </p>
      ) : null}
    </div>
  );
}
