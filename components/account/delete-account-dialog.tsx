'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { queueSnackbar } from '@/components/ui/snackbar';
import { FormError } from '@/components/forms/form-field';
import { useRouter } from '@/lib/i18n/navigation';
import { announceSessionChange } from './session-events';

/** Confirmation of account deletion (spec §4: irreversible); DELETE /api/me with `{ confirm: true }`. */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('account');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('deleteTitle')}
      description={t('deleteWarning')}
      role="alertdialog"
    >
      <FormError error={failed ? 'submitFailed' : undefined} />
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('cancel')}
        </Button>
        <Button
          disabled={busy}
          data-testid="delete-confirm"
          onClick={async () => {
            setBusy(true);
            const res = await fetch('/api/me', {
              method: 'DELETE',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ confirm: true }),
              credentials: 'same-origin',
            });
            setBusy(false);
            if (!res.ok) {
              setFailed(true);
              return;
            }
            queueSnackbar(t('deleted'));
            announceSessionChange();
            router.push('/');
          }}
        >
          {t('deleteConfirm')}
        </Button>
      </div>
    </Dialog>
  );
}
