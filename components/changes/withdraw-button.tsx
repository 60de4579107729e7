'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';

/**
 * "Withdraw" for the author of a pending suggestion: asks once more, then `POST
 * /api/changes/{id}/withdraw` (a suggested release goes with it). `onDone` runs after a success
 * (it confirms in the snackbar, or queues the confirmation before leaving the page); a failure is
 * reported in the snackbar and the button stays.
 */
export function WithdrawButton({ publicId, onDone }: { publicId: string; onDone: () => void }) {
  const t = useTranslations('account.ownChanges');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function withdraw() {
    setBusy(true);
    try {
      const res = await fetch(`/api/changes/${encodeURIComponent(publicId)}/withdraw`, {
        method: 'POST',
        credentials: 'same-origin',
      });
      if (!res.ok) return showSnackbar(t('failed'));
      setAsking(false);
      onDone();
    } catch {
      showSnackbar(t('failed'));
    } finally {
      setBusy(false);
    }
  }

  if (!asking)
    return (
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('withdraw')}
      </Button>
    );
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold">{t('confirm')}</span>
      <Button variant="secondary" disabled={busy} onClick={() => void withdraw()}>
        {t('confirmYes')}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
        {t('confirmNo')}
      </Button>
    </span>
  );
}
