'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { showSnackbar } from '@/components/ui/snackbar';
import { SelectField } from '@/components/forms/choice-fields';
import { FormError, FormField } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { defaultNameKey, COLLECTION_NAME_MAX } from '@/lib/validation/collection-limits';
import { EMPTY_ENTRY, EntryInputs } from './entry-inputs';

type Choice = { public_id: string; name: string; style: number; has_item: boolean };

/**
 * The add-to-collection dialog of a movie or release page: pick one of the user's
 * collections of that kind (those that already hold the item are marked and cannot be picked) or
 * create one by name, and give the entry's comment, its language, price, currency, condition,
 * date and, for movies, how it was watched. One submit (POST /api/me/collection_entries); the
 * snackbar confirms for 5 s. Loaded on first use.
 */
export default function AddToCollectionDialog({
  item,
  publicId,
  name,
  onClose,
  onAdded,
}: {
  item: 'movie' | 'release';
  publicId: string;
  name: string;
  onClose: () => void;
  onAdded: () => void;
}) {
  const t = useTranslations('collections');
  const tc = useTranslations('common');
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const form = useApiForm({
    endpoint: '/api/me/collection_entries',
    initial: {
      collection: '',
      new_name: '',
      ...EMPTY_ENTRY,
    },
    required: ['collection'],
    encode: (v) => ({ ...v, [item]: publicId }),
  });
  useEffect(() => {
    void fetch(`/api/me/collections?${item}=${encodeURIComponent(publicId)}`, {
      credentials: 'same-origin',
      cache: 'no-store',
    })
      .then((r) => (r.ok ? (r.json() as Promise<{ items: Choice[] }>) : { items: [] }))
      .then((b) => {
        setChoices(b.items);
        const first = b.items.find((c) => !c.has_item);
        form.set('collection', first ? first.public_id : 'new');
      });
    // Loads once per opened dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item, publicId]);

  const shown = (c: { name: string; style: number }) => {
    const key = defaultNameKey(c);
    return key ? t(key) : c.name;
  };
  const v = form.values;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('addTitle', { name })}
      closeLabel={tc('close')}
      size="md"
    >
      <form
        className="flex flex-col gap-3"
        data-testid="add-to-collection"
        {...form.formProps<{ collection: { name: string; style: number } }>((body) => {
          showSnackbar(t('added', { collection: shown(body.collection) }));
          onAdded();
          onClose();
        })}
      >
        <FormError error={form.errors._form} params={form.params} />
        <SelectField
          name="collection"
          label={t('pick')}
          value={v.collection}
          onValue={(x) => form.set('collection', x)}
          error={form.errors.collection}
          disabled={choices === null}
          options={[
            ...(choices ?? []).filter((c) => !c.has_item).map((c): [string, string] => [c.public_id, shown(c)]),
            ['new', t('pickNew')],
          ]}
        />
        {choices?.some((c) => c.has_item) ? (
          <p className="text-xs text-muted">
            {choices
              .filter((c) => c.has_item)
              .map((c) => `${shown(c)} (${t('alreadyIn')})`)
              .join(', ')}
          </p>
        ) : null}
        {v.collection === 'new' ? (
          <FormField
            name="new_name"
            required
            label={t('newName')}
            value={v.new_name}
            onValue={(x) => form.set('new_name', x)}
            error={form.errors.new_name}
            maxLength={COLLECTION_NAME_MAX}
          />
        ) : null}
        <EntryInputs item={item} values={v} errors={form.errors} onValue={form.set} />
        <Button type="submit" disabled={!form.canSubmit || choices === null} data-testid="add-submit">
          {t('add')}
        </Button>
      </form>
    </Dialog>
  );
}
