'use client';

import { useTranslations } from 'next-intl';
import { useState, type ComponentType } from 'react';
import { Button } from '@/components/ui/button';
import { ApiActionButton } from './api-action-button';
import type { EditableEntry, EntryDialogProps } from './edit-entry-dialog';

/** The owner's delete (to the trash) or restore button of a collection page. */
export function CollectionTrashButton({ publicId, deleted }: { publicId: string; deleted: boolean }) {
  const t = useTranslations('collections');
  return (
    <ApiActionButton
      url={`/api/collections/${publicId}${deleted ? '/restore' : ''}`}
      method={deleted ? 'POST' : 'DELETE'}
      done={t(deleted ? 'restored' : 'deleted')}
      label={t(deleted ? 'restore' : 'delete')}
      variant="secondary"
      testId={deleted ? 'collection-restore' : 'collection-delete'}
    />
  );
}

/**
 * The owner's buttons on one entry of a collection page: Edit (the edit-entry dialog) and Move (to
 * another collection, or a copy), their code loaded on first use, and Remove (after a
 * confirmation, as the entry's price, condition and comment go with it).
 */
export function EntryOwnerActions({ collectionId, entry }: { collectionId: string; entry: EditableEntry }) {
  const t = useTranslations('collections');
  const [EntryDialog, setEntryDialog] = useState<ComponentType<EntryDialogProps> | null>(null);
  const open = (load: () => Promise<{ default: ComponentType<EntryDialogProps> }>) =>
    void load().then((m) => setEntryDialog(() => m.default));
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        variant="ghost"
        aria-label={`${t('edit')}: ${entry.name}`}
        data-testid="entry-edit"
        onClick={() => open(() => import('./edit-entry-dialog'))}
      >
        {t('edit')}
      </Button>
      <Button
        variant="ghost"
        aria-label={`${t('move')}: ${entry.name}`}
        data-testid="entry-move"
        onClick={() => open(() => import('./move-entry-dialog'))}
      >
        {t('move')}
      </Button>
      <ApiActionButton
        url={`/api/collections/${collectionId}/entries/${entry.id}`}
        method="DELETE"
        done={t('removed')}
        label={t('remove')}
        ariaLabel={`${t('remove')}: ${entry.name}`}
        variant="ghost"
        testId="entry-remove"
        confirm={t('removeConfirm', { name: entry.name })}
      />
      {EntryDialog ? (
        <EntryDialog collectionId={collectionId} entry={entry} onClose={() => setEntryDialog(null)} />
      ) : null}
    </div>
  );
}
