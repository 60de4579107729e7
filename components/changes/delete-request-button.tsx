'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { requireLogin, takePendingAction } from '@/components/account/login-required';
import type { CatalogueEntity } from '@/lib/validation/catalogue-fields';

type DialogComponent = typeof import('./delete-request-dialog').DeleteRequestDialog;

/**
 * "Suggest deletion" at the foot of an item page (movie, release, person, label). The item pages
 * are cached and shared by every visitor, so this reads no session on the server: a click asks
 * `/api/me` whether someone is logged in; a visitor gets the login prompt (requireLogin) and, once
 * logged in on this page, the dialog opens by itself; a member gets the dialog (note and optional
 * merge target) that sends the deletion request. The dialog's code is loaded with `import()` on
 * first use (rarely used: kept out of the item pages' first load, without next/dynamic's runtime).
 */
export function DeleteRequestButton({ entity, publicId }: { entity: CatalogueEntity; publicId: string }) {
  const t = useTranslations('deleteRequest');
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const [busy, setBusy] = useState(false);
  const pendingKey = `delete:${entity}:${publicId}`;

  const open = useCallback(async () => {
    const m = await import('./delete-request-dialog');
    setDialog(() => m.DeleteRequestDialog);
  }, []);

  useEffect(() => {
    // Back from the login this button asked for: open the dialog once.
    if (takePendingAction(pendingKey)) void open();
  }, [pendingKey, open]);

  async function start() {
    setBusy(true);
    try {
      const res = await fetch('/api/me', { credentials: 'same-origin', cache: 'no-store' });
      if (res.status === 401) requireLogin(pendingKey);
      else await open();
    } catch {
      // Offline or the like: the dialog's own submit reports the failure.
      await open().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="text-muted underline disabled:opacity-60"
        onClick={() => void start()}
        disabled={busy}
        data-testid="delete-request"
      >
        {t('action')}
      </button>
      {Dialog ? <Dialog entity={entity} publicId={publicId} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
