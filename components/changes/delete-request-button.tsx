'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { requireLogin, takePendingAction } from '@/components/account/login-required';
import type { CatalogueEntity } from '@/lib/validation/catalogue-fields';

/** The dialog, loaded on the first click (rarely used: kept out of the item pages' first load). */
const DeleteRequestDialog = dynamic(() => import('./delete-request-dialog').then((m) => m.DeleteRequestDialog), {
  ssr: false,
});

/**
 * "Suggest deletion" at the foot of an item page (movie, release, person, label). The item pages
 * are cached and shared by every visitor, so this reads no session on the server: a click asks
 * `/api/me` whether someone is logged in; a visitor gets the login prompt (requireLogin) and, once
 * logged in on this page, the dialog opens by itself; a member gets the dialog (note and optional
 * merge target) that sends the deletion request.
 */
export function DeleteRequestButton({ entity, publicId }: { entity: CatalogueEntity; publicId: string }) {
  const t = useTranslations('deleteRequest');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const pendingKey = `delete:${entity}:${publicId}`;

  useEffect(() => {
    // Back from the login this button asked for: open the dialog once.
    if (takePendingAction(pendingKey)) setOpen(true);
  }, [pendingKey]);

  async function start() {
    setBusy(true);
    try {
      const res = await fetch('/api/me', { credentials: 'same-origin', cache: 'no-store' });
      if (res.status === 401) requireLogin(pendingKey);
      else setOpen(true);
    } catch {
      setOpen(true);
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
      {open ? <DeleteRequestDialog entity={entity} publicId={publicId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
