'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';
import { useRouter } from '@/lib/i18n/navigation';

async function send(url: string, method: 'POST' | 'DELETE'): Promise<boolean> {
  try {
    const res = await fetch(url, { method, credentials: 'same-origin' });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The owner's buttons on a collection page: delete (to the trash) or restore. The result is
 * confirmed in the snackbar and the page re-renders from the server.
 */
export function CollectionTrashButton({ publicId, deleted }: { publicId: string; deleted: boolean }) {
  const t = useTranslations('collections');
  const tf = useTranslations('forms');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      disabled={busy}
      data-testid={deleted ? 'collection-restore' : 'collection-delete'}
      onClick={async () => {
        setBusy(true);
        const ok = await send(`/api/collections/${publicId}${deleted ? '/restore' : ''}`, deleted ? 'POST' : 'DELETE');
        showSnackbar(ok ? t(deleted ? 'restored' : 'deleted') : tf('submitFailed'));
        setBusy(false);
        router.refresh();
      }}
    >
      {t(deleted ? 'restore' : 'delete')}
    </Button>
  );
}

/** The owner's remove button of one entry. */
export function RemoveEntryButton({ publicId, entryId, label }: { publicId: string; entryId: number; label: string }) {
  const t = useTranslations('collections');
  const tf = useTranslations('forms');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      disabled={busy}
      aria-label={label}
      onClick={async () => {
        setBusy(true);
        const ok = await send(`/api/collections/${publicId}/entries/${entryId}`, 'DELETE');
        showSnackbar(ok ? t('removed') : tf('submitFailed'));
        setBusy(false);
        router.refresh();
      }}
    >
      {t('remove')}
    </Button>
  );
}
