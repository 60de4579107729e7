'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Section } from './section';

/** The confirmation dialog (Radix) is loaded when asked for, not with the page. */
const DeleteAccountDialog = dynamic(() => import('../delete-account-dialog').then((m) => m.DeleteAccountDialog));

/**
 * Account deletion: the warning and a button opening the confirmation dialog (which asks for the
 * current password, or without one relies on a fresh login).
 */
export function DeleteSection({ hasPassword = true }: { hasPassword?: boolean }) {
  const t = useTranslations('account');
  const [open, setOpen] = useState(false);
  return (
    <Section title={t('deleteSection')}>
      <p className="text-sm">{t('deleteWarning')}</p>
      <Button variant="secondary" className="self-start" onClick={() => setOpen(true)} data-testid="delete-account">
        {t('deleteButton')}
      </Button>
      {open ? <DeleteAccountDialog open={open} onOpenChange={setOpen} hasPassword={hasPassword} /> : null}
    </Section>
  );
}
