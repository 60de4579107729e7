'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * The new-version alert dialog of VersionCheck: reload (reloads the page) or cancel. Its own
 * module so that Radix Dialog is loaded only when a new version actually appears.
 */
export function VersionPrompt({ open, onCancel }: { open: boolean; onCancel: () => void }) {
  const t = useTranslations('version');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={t('title')}
      description={t('body')}
      size="sm"
      role="alertdialog"
    >
      <div className="flex justify-end gap-2" data-testid="version-prompt">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
      </div>
    </Dialog>
  );
}
