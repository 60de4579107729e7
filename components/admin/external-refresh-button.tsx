'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useRouter } from '@/lib/i18n/navigation';

/** The texts of the refresh button, translated by the server (./external-refresh-slot.tsx). */
export type ExternalRefreshWords = {
  refresh: string;
  refreshing: string;
  refreshed: string;
  unchanged: string;
  notFound: string;
  unavailable: string;
  noId: string;
  off: string;
  failed: string;
};

/**
 * "Refresh from TMDb" on a movie page, for admins (the member widget puts it into the page's
 * ./external-refresh-slot.tsx): posts `POST /api/admin/import/{public_id}`; afterwards it says
 * whether anything changed and renders the page again, or says why it failed (404: no entry
 * matches the id and movie type; 409: no IMDb or TMDb id; 502: TMDb did not answer; 503: off).
 */
export function ExternalRefreshButton({ publicId, words }: { publicId: string; words: ExternalRefreshWords }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  async function refresh() {
    setBusy(true);
    setMessage(null);
    try {
      const res = await fetch(`/api/admin/import/${encodeURIComponent(publicId)}`, {
        method: 'POST',
        credentials: 'same-origin',
      });
      if (res.ok) {
        const body = (await res.json()) as { revision_id: string | null };
        setMessage({ text: body.revision_id ? words.refreshed : words.unchanged, failed: false });
        router.refresh();
        return;
      }
      await res.body?.cancel();
      const text =
        res.status === 404
          ? words.notFound
          : res.status === 409
            ? words.noId
            : res.status === 502
              ? words.unavailable
              : res.status === 503
                ? words.off
                : words.failed;
      setMessage({ text, failed: true });
    } catch {
      setMessage({ text: words.failed, failed: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mb-3 flex flex-wrap items-center gap-3" data-testid="external-refresh">
      <Button variant="secondary" onClick={() => void refresh()} disabled={busy}>
        {busy ? words.refreshing : words.refresh}
      </Button>
      {message ? (
        <p
          role={message.failed ? 'alert' : 'status'}
          className={`text-sm ${message.failed ? 'text-accent-strong' : ''}`}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
