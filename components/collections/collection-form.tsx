'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FallbackImage } from '@/components/ui/fallback-image';
import { queueSnackbar } from '@/components/ui/snackbar';
import { SelectField, TextAreaField } from '@/components/forms/choice-fields';
import { FormError, FormField } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import type { FormsKey } from '@/lib/i18n/keys';
import { useRouter } from '@/lib/i18n/navigation';
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
  SHORTCUT_STYLES,
  type PictureChoice,
} from '@/lib/validation/collection-limits';

/** The values a collection form starts from (strings, as the form keeps them). */
export type CollectionFormValues = {
  name: string;
  description: string;
  visibility: string;
  category: string;
  style: string;
  shortcut_default: string;
  picture: string;
};

const TOGGLE_KEY: Record<string, string> = { 2: 'seen', 3: 'have', 4: 'wanted', 6: 'want_see' };

/** A picture choice whose image cannot be loaded: the item's name in the picture's place. */
const PICTURE_NAME_CLASS =
  'flex h-17 w-12 items-center overflow-hidden rounded bg-accent-soft p-0.5 text-center text-[0.625rem] leading-tight break-words';

/**
 * Create (`/collections/new`) or edit (`/collection/{id}/edit`, `publicId` given) a collection:
 * name, description, visibility, category (fixed once created), kind of list (style 1-7), the
 * shortcut flag for the kinds that have a toggle button, and on edit the picture, chosen from the
 * pictures of the newest 30 entries. Saved through the JSON API; the snackbar confirms and the
 * browser goes to the collection.
 */
export function CollectionForm({ initial, publicId }: { initial: CollectionFormValues; publicId?: string }) {
  const t = useTranslations('collections');
  const tt = useTranslations('toggles');
  const router = useRouter();
  const [pictures, setPictures] = useState<PictureChoice[]>([]);
  const form = useApiForm({
    endpoint: publicId ? `/api/collections/${publicId}` : '/api/collections',
    method: publicId ? 'PATCH' : 'POST',
    initial,
    required: ['name', 'category'],
    encode: (v) => ({
      ...v,
      shortcut_default: v.shortcut_default === 'true',
      ...(publicId ? {} : { picture: undefined }),
    }),
  });
  useEffect(() => {
    if (!publicId) return;
    void fetch(`/api/collections/${publicId}/pictures`, { credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<{ items: PictureChoice[] }>) : { items: [] }))
      .then((b) => setPictures(b.items));
  }, [publicId]);

  const style = form.values.style;
  const shortcutFits = SHORTCUT_STYLES[Number(style) as keyof typeof SHORTCUT_STYLES] === form.values.category;
  return (
    <form
      className="flex max-w-xl flex-col gap-4"
      {...form.formProps<{ public_id: string }>((body) => {
        queueSnackbar(t(publicId ? 'saved' : 'created'));
        router.push(`/collection/${body.public_id}`);
        router.refresh();
      })}
    >
      <FormError error={form.errors._form} params={form.params} />
      <FormField
        name="name"
        required
        label={t('fields.name')}
        value={form.values.name}
        onValue={(v) => form.set('name', v)}
        error={form.errors.name}
        maxLength={COLLECTION_NAME_MAX}
      />
      <TextAreaField
        name="description"
        label={t('fields.description')}
        value={form.values.description}
        onValue={(v) => form.set('description', v)}
        error={form.errors.description}
        maxLength={COLLECTION_DESCRIPTION_MAX}
      />
      <SelectField
        name="category"
        label={t('fields.category')}
        hint={t(publicId ? 'fields.categoryFixed' : 'fields.categoryHint')}
        disabled={!!publicId}
        value={form.values.category}
        onValue={(v) => form.set('category', v)}
        error={form.errors.category}
        options={[
          ['releases', t('categoryReleases')],
          ['movies', t('categoryMovies')],
        ]}
      />
      <SelectField
        name="style"
        label={t('fields.style')}
        value={style}
        onValue={(v) => form.set('style', v)}
        error={form.errors.style}
        options={(['1', '2', '3', '4', '5', '6', '7'] as const).map((s) => [s, t(`styles.${s}`)])}
      />
      {shortcutFits ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={form.values.shortcut_default === 'true'}
            onChange={(e) => form.set('shortcut_default', String(e.target.checked))}
            className="size-4"
          />
          {t('fields.shortcut', { button: tt(`${TOGGLE_KEY[style] as 'have'}.button`) })}
        </label>
      ) : null}
      {form.errors.shortcut_default ? (
        <p role="alert" className="text-sm text-accent-strong">
          <FormErrorText code={form.errors.shortcut_default} />
        </p>
      ) : null}
      <SelectField
        name="visibility"
        label={t('fields.visibility')}
        value={form.values.visibility}
        onValue={(v) => form.set('visibility', v)}
        error={form.errors.visibility}
        options={[
          ['public', t('public')],
          ['private', t('private')],
        ]}
      />
      {publicId && pictures.length ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{t('fields.picture')}</legend>
          <div className="flex flex-wrap gap-2">
            {[{ url: '', name: t('fields.pictureAuto') }, ...pictures].map((p) => (
              <label
                key={p.url || 'auto'}
                className={
                  `flex cursor-pointer flex-col items-center gap-1 rounded-lg border p-1 text-xs ` +
                  `${form.values.picture === p.url ? 'border-accent' : 'border-line'}`
                }
              >
                <input
                  type="radio"
                  name="picture"
                  value={p.url}
                  checked={form.values.picture === p.url}
                  onChange={() => form.set('picture', p.url)}
                  className="sr-only"
                />
                {p.url ? (
                  <FallbackImage
                    src={p.url}
                    alt={p.name}
                    className="h-17 w-12 rounded object-cover"
                    fallback={<span className={PICTURE_NAME_CLASS}>{p.name}</span>}
                  />
                ) : (
                  <span className="flex h-17 w-24 items-center justify-center text-center">{p.name}</span>
                )}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <Button type="submit" disabled={!form.canSubmit} data-testid="collection-submit">
        {t(publicId ? 'edit' : 'new')}
      </Button>
    </form>
  );
}

function FormErrorText({ code }: { code: FormsKey }) {
  const tf = useTranslations('forms');
  return <>{tf(code)}</>;
}
