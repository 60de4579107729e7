'use client';

import { useTranslations } from 'next-intl';
import { useState, type ComponentType } from 'react';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';
import { useRouter } from '@/lib/i18n/navigation';
import type { AmendFormProps } from './amend-form';
import { WithdrawButton } from './withdraw-button';

/** What the controls need: the amendment form's input (its texts translated by the server page). */
export type ChangeControlsProps = { amend: Omit<AmendFormProps, 'onClose'> };

/**
 * "Amend" and "Withdraw" under one of the author's pending suggestions on their contributions
 * page: "Amend" opens the amendment form (amend-form.tsx, loaded with `import()` on first use);
 * a withdrawal is confirmed in the snackbar and the page is rendered again without it.
 */
export function ChangeControls({ amend }: ChangeControlsProps) {
  const t = useTranslations('account.ownChanges');
  const router = useRouter();
  const [Form, setForm] = useState<ComponentType<AmendFormProps> | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          aria-expanded={open}
          onClick={() => {
            if (!Form) void import('./amend-form').then((m) => setForm(() => m.AmendForm));
            setOpen((v) => !v);
          }}
        >
          {t('amend')}
        </Button>
        <WithdrawButton
          publicId={amend.publicId}
          onDone={() => {
            showSnackbar(t('withdrawn'));
            router.refresh();
          }}
        />
      </div>
      {open && Form ? <Form {...amend} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
