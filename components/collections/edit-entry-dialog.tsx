'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { showSnackbar } from '@/components/ui/snackbar';
import { FormError } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { useRouter } from '@/lib/i18n/navigation';
import { EntryInputs, type EntryValues } from './entry-inputs';

/** What the entry dialogs (edit, move) need of an entry: its id, item kind, public id and name, and fields as typed. */
export type EditableEntry = {
  id: number;
  item: 'movie' | 'release';
  itemId: string;
  name: string;
  values: EntryValues;
};

/** The props of the entry dialogs (edit, move): the collection's public id, the entry, and how to close. */
export type EntryDialogProps = { collectionId: string; entry: EditableEntry; onClose: () => void };

/**
 * The owner's edit of one collection entry: the entry's fields (price and currency, condition,
 * date, watched-on method for movies, comment and its language) filled with what is stored;
 * saving sends them all (PATCH /api/collections/{id}/entries/{entry_id}; emptied fields are
 * cleared), confirms in the snackbar, closes and re-renders the page. A refused value keeps what
 * was typed and shows the message at its field. Loaded on first use.
 */
export default function EditEntryDialog({ collectionId, entry, onClose }: EntryDialogProps) {
  const t = useTranslations('collections');
  const tc = useTranslations('common');
  const router = useRouter();
  const form = useApiForm({
    endpoint: `/api/collections/${collectionId}/entries/${entry.id}`,
    method: 'PATCH',
    initial: entry.values,
    required: [],
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('editEntryTitle', { name: entry.name })}
      closeLabel={tc('close')}
      size="md"
    >
      <form
        className="flex flex-col gap-3"
        data-testid="edit-entry"
        {...form.formProps(() => {
          showSnackbar(t('saved'));
          onClose();
          router.refresh();
        })}
      >
        <FormError error={form.errors._form} params={form.params} />
        <EntryInputs item={entry.item} values={form.values} errors={form.errors} onValue={form.set} />
        <Button type="submit" disabled={!form.canSubmit} data-testid="edit-entry-submit">
          {t('saveEntry')}
        </Button>
      </form>
    </Dialog>
  );
}
