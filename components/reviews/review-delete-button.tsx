'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { queueSnackbar } from '@/components/ui/snackbar';
import { useRouter } from '@/lib/i18n/navigation';

/**
 * Deletes the author's own review (DELETE /api/reviews/{id}) after a confirmation, then goes to
 * /reviews. Texts come translated from the server page.
 */
export function ReviewDeleteButton({
  publicId,
  labels,
}: {
  publicId: string;
  labels: { delete: string; confirm: string; deleted: string; failed: string };
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function run() {
    if (!window.confirm(labels.confirm)) return;
    setBusy(true);
    try {
      const res = await fetch(`/api/reviews/${publicId}`, {
        method: 'DELETE',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (!res.ok) throw new Error(String(res.status));
      queueSnackbar(labels.deleted);
      router.push('/reviews');
      router.refresh();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" onClick={() => void run()} disabled={busy} data-testid="review-delete">
        {labels.delete}
      </Button>
      {failed ? (
        <span role="alert" className="text-sm text-accent-strong">
          {labels.failed}
        </span>
      ) : null}
    </span>
  );
}
