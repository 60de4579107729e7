'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { showSnackbar } from '@/components/ui/snackbar';
import { SelectField, TextAreaField } from '@/components/forms/choice-fields';
import { FormError, FormField } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import {
  defaultNameKey,
  COLLECTION_NAME_MAX,
  COMMENT_LANGUAGES,
  CONDITIONS,
  CURRENCIES,
  ENTRY_COMMENT_MAX,
  WATCHED_METHODS,
} from '@/lib/validation/collection-limits';

type Choice = { public_id: string; name: string; style: number; has_item: boolean };

/**
 * The add-to-collection dialog (spec §2) of a movie or release page: pick one of the user's
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
      comment: '',
      comment_language: '',
      price: '',
      currency: 'EUR',
      condition: '',
      acquired_on: '',
      watched_method: '',
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

  const none = t('entry.none');
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
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            name="price"
            inputMode="decimal"
            label={t('entry.price')}
            value={v.price}
            onValue={(x) => form.set('price', x)}
            error={form.errors.price}
            maxLength={12}
            placeholder="19.99"
          />
          <SelectField
            name="currency"
            label={t('entry.currency')}
            value={v.currency}
            onValue={(x) => form.set('currency', x)}
            error={form.errors.currency}
            options={CURRENCIES.map((c) => [c, c])}
          />
          <SelectField
            name="condition"
            label={t('entry.condition')}
            value={v.condition}
            onValue={(x) => form.set('condition', x)}
            error={form.errors.condition}
            options={[['', none], ...CONDITIONS.map((c): [string, string] => [String(c), t(`condition.${c}`)])]}
          />
          <FormField
            name="acquired_on"
            type="date"
            label={t('entry.acquiredOn')}
            value={v.acquired_on}
            onValue={(x) => form.set('acquired_on', x)}
            error={form.errors.acquired_on}
            maxLength={10}
          />
          {item === 'movie' ? (
            <SelectField
              name="watched_method"
              label={t('entry.watchedMethod')}
              value={v.watched_method}
              onValue={(x) => form.set('watched_method', x)}
              error={form.errors.watched_method}
              options={[['', none], ...WATCHED_METHODS.map((m): [string, string] => [m, t(`watchedMethod.${m}`)])]}
            />
          ) : null}
          <SelectField
            name="comment_language"
            label={t('entry.commentLanguage')}
            value={v.comment_language}
            onValue={(x) => form.set('comment_language', x)}
            error={form.errors.comment_language}
            options={[
              ['', none],
              ...COMMENT_LANGUAGES.map((l): [string, string] => [
                l,
                l === 'other'
                  ? t('watchedMethod.other')
                  : (new Intl.DisplayNames([l], { type: 'language' }).of(l) ?? l),
              ]),
            ]}
          />
        </div>
        <TextAreaField
          name="comment"
          label={t('entry.comment')}
          value={v.comment}
          onValue={(x) => form.set('comment', x)}
          error={form.errors.comment}
          maxLength={ENTRY_COMMENT_MAX}
          rows={3}
        />
        <Button type="submit" disabled={!form.canSubmit || choices === null} data-testid="add-submit">
          {t('add')}
        </Button>
      </form>
    </Dialog>
  );
}
