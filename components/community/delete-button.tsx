'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { queueSnackbar, showSnackbar } from '@/components/ui/snackbar';
import { useRouter } from '@/lib/i18n/navigation';

/** The texts of a delete button, translated by the server page. */
export type DeleteLabels = {
  delete: string;
  confirm: string;
  deleted: string;
  failed: string;
  /** The prompt for an admin's reason (shown to the author); only when `askReason`. */
  reason?: string;
};

/**
 * Deletes a review, post or comment (`DELETE endpoint`) after a confirmation: the author's own
 * (no body), or, for an admin removing someone else's (`askReason`), with the reason asked for in a
 * prompt (`{ reason }`, at most 500 characters; cancelling or an empty reason deletes nothing).
 * Then goes to `redirectTo`, or renders the page again.
 */
export function DeleteButton({
  endpoint,
  askReason = false,
  redirectTo,
  labels,
  testId,
  compact = false,
}: {
  endpoint: string;
  askReason?: boolean;
  redirectTo?: string;
  labels: DeleteLabels;
  testId: string;
  /** A small text button (in comment rows) instead of the secondary button. */
  compact?: boolean;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function run() {
    let body = '{}';
    if (askReason) {
      const reason = window
        .prompt(labels.reason ?? labels.confirm)
        ?.trim()
        .slice(0, 500);
      if (!reason) return;
      body = JSON.stringify({ reason });
    } else if (!window.confirm(labels.confirm)) return;
    setBusy(true);
    try {
      const res = await fetch(endpoint, {
        method: 'DELETE',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body,
      });
      if (!res.ok) throw new Error(String(res.status));
      if (redirectTo) {
        queueSnackbar(labels.deleted);
        router.push(redirectTo);
      } else showSnackbar(labels.deleted);
      router.refresh();
    } catch {
      showSnackbar(labels.failed);
      setBusy(false);
    }
  }
  if (compact)
    return (
      <button
        type="button"
        onClick={() => void run()}
        disabled={busy}
        className="min-h-9 text-sm text-muted underline hover:text-ink"
        data-testid={testId}
      >
        {labels.delete}
      </button>
    );
  return (
    <Button variant="secondary" onClick={() => void run()} disabled={busy} data-testid={testId}>
      {labels.delete}
    </Button>
  );
}
