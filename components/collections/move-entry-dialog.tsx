'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { showSnackbar } from '@/components/ui/snackbar';
import { SelectField } from '@/components/forms/choice-fields';
import { FormError } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { defaultNameKey } from '@/lib/validation/collection-limits';
import type { EntryDialogProps } from './edit-entry-dialog';

type Choice = { public_id: string; name: string; style: number; has_item: boolean };

/**
 * The owner's move of one collection entry to another of their collections of the same kind
 * (wanted → owned when a release is bought), or a copy with "Keep it in this collection too".
 * The choices are the owner's collections that do not hold the item yet (GET
 * /api/me/collections); the submit is POST /api/collections/{id}/entries/{entry_id}/move. The
 * snackbar names the collection, and the page is rendered again. Loaded on first use.
 */
export default function MoveEntryDialog({ collectionId, entry, onClose }: EntryDialogProps) {
  const t = useTranslations('collections');
  const tc = useTranslations('common');
  const router = useRouter();
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const form = useApiForm({
    endpoint: `/api/collections/${collectionId}/entries/${entry.id}/move`,
    initial: { collection: '', copy: 'false' },
    required: ['collection'],
    encode: (v) => ({ collection: v.collection, copy: v.copy === 'true' }),
  });
  useEffect(() => {
    void fetch(`/api/me/collections?${entry.item}=${encodeURIComponent(entry.itemId)}`, {
      credentials: 'same-origin',
      cache: 'no-store',
    })
      .then((r) => (r.ok ? (r.json() as Promise<{ items: Choice[] }>) : { items: [] }))
      .then((b) => {
        const open = b.items.filter((c) => !c.has_item);
        setChoices(open);
        if (open[0]) form.set('collection', open[0].public_id);
      });
    // Loads once per opened dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry.item, entry.itemId]);

  const shown = (c: { name: string; style: number }) => {
    const key = defaultNameKey(c);
    return key ? t(key) : c.name;
  };
  const copy = form.values.copy === 'true';
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('moveTitle', { name: entry.name })}
      closeLabel={tc('close')}
      size="md"
    >
      {choices && choices.length === 0 ? (
        <div className="flex flex-col gap-3 text-sm" data-testid="move-entry-none">
          <p>{t(entry.item === 'movie' ? 'moveNoneMovies' : 'moveNoneReleases')}</p>
          <Link href="/collections/new" className="self-start underline">
            {t('newTitle')}
          </Link>
        </div>
      ) : (
        <form
          className="flex flex-col gap-3"
          data-testid="move-entry"
          {...form.formProps<{ collection: { public_id: string; name: string } }>((body) => {
            const target = choices?.find((c) => c.public_id === body.collection.public_id);
            showSnackbar(t(copy ? 'copied' : 'moved', { collection: target ? shown(target) : body.collection.name }));
            onClose();
            router.refresh();
          })}
        >
          <FormError error={form.errors._form} params={form.params} />
          <SelectField
            name="collection"
            label={t('moveTo')}
            value={form.values.collection}
            onValue={(x) => form.set('collection', x)}
            error={form.errors.collection}
            disabled={choices === null}
            options={(choices ?? []).map((c): [string, string] => [c.public_id, shown(c)])}
          />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1 size-4"
              checked={copy}
              onChange={(e) => form.set('copy', e.target.checked ? 'true' : 'false')}
              data-testid="move-entry-copy"
            />
            <span>{t('moveKeep')}</span>
          </label>
          <p className="text-xs text-muted">{t('moveFieldsNote')}</p>
          <Button type="submit" disabled={!form.canSubmit || choices === null} data-testid="move-entry-submit">
            {t(copy ? 'copySubmit' : 'moveSubmit')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
