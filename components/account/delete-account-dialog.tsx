'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { queueSnackbar } from '@/components/ui/snackbar';
import { FormError } from '@/components/forms/form-field';
import type { FormsKey } from '@/lib/i18n/keys';
import { useRouter } from '@/lib/i18n/navigation';
import { ReauthField } from './edit-my-data/reauth-field';
import { announceSessionChange } from './session-events';

/**
 * Confirmation of account deletion (it is irreversible); DELETE /api/me with `{ confirm: true,
 * current }`: the current password, or for an account without one a fresh login.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  hasPassword = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasPassword?: boolean;
}) {
  const t = useTranslations('account');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState('');
  const [failure, setFailure] = useState<{ field: 'current' | '_form'; key: FormsKey; seconds?: number } | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('deleteTitle')}
      description={t('deleteWarning')}
      role="alertdialog"
    >
      <FormError
        error={failure?.field === '_form' ? failure.key : undefined}
        params={failure?.seconds ? { seconds: failure.seconds } : undefined}
      />
      <ReauthField
        hasPassword={hasPassword}
        name="delete-current"
        value={current}
        onValue={setCurrent}
        error={failure?.field === 'current' ? failure.key : undefined}
      />
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('cancel')}
        </Button>
        <Button
          disabled={busy || (hasPassword && !current)}
          data-testid="delete-confirm"
          onClick={async () => {
            setBusy(true);
            const res = await fetch('/api/me', {
              method: 'DELETE',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ confirm: true, current }),
              credentials: 'same-origin',
            }).catch(() => null);
            setBusy(false);
            if (!res?.ok) {
              const body = (await res?.json().catch(() => null)) as { fields?: { current?: FormsKey } } | null;
              if (res?.status === 400 && body?.fields?.current)
                setFailure({ field: 'current', key: body.fields.current });
              else if (res?.status === 429)
                setFailure({
                  field: '_form',
                  key: 'rateLimited',
                  seconds: Number(res.headers.get('retry-after')) || 60,
                });
              else setFailure({ field: '_form', key: 'submitFailed' });
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
