'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { SelectField, TextAreaField } from '@/components/forms/choice-fields';
import { FieldFrame, FormError, FormField, fieldDescribedBy } from '@/components/forms/form-field';
import { useApiForm, type FormErrors } from '@/components/forms/use-api-form';
import { Button } from '@/components/ui/button';
import { FileInput } from '@/components/ui/file-input';
import { toMegabytes } from '@/lib/format';
import type { FormsKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';
import { CHANGE_NOTE_MAX, PICTURE_MAX_BYTES } from '@/lib/validation/limits';
import { PICTURE_SOURCE_MAX, SHOPPING_LINK_MAX, VIDEO_CHAPTER_MAX } from '@/lib/validation/media-limits';
import type { MediaItemType } from '@/lib/validation/media-fields';

/** The movie or release media is added to, and the tab its media are listed on. */
export type MediaItemProp = { type: MediaItemType; public_id: string };

/** What a sent suggestion answers: the request's state (an admin's is applied at once). */
type SentRequest = { status: string };

/** The confirmation after a suggestion: waiting for approval (or saved, for an admin), with the way back. */
function Sent({ request, back }: { request: SentRequest; back: string }) {
  const t = useTranslations('media');
  return (
    <div role="status" className="rounded-lg border border-line bg-panel p-4" data-testid="media-sent">
      <p className="font-medium">{t(request.status === 'approved' ? 'saved' : 'sent')}</p>
      <p className="mt-2">
        <Link href={back} className="underline">
          {t('back')}
        </Link>
      </p>
    </div>
  );
}

const TAB = { picture: 'photos', video: 'videos', shopping_link: 'buying_options' } as const;
const itemTab = (item: MediaItemProp, entity: keyof typeof TAB) => `/${item.type}/${item.public_id}/${TAB[entity]}`;

/**
 * `photos/new`: a picture of a movie or release, uploaded as a multipart form to POST
 * /api/pictures with its type, source, default flag and (a full cover's) variant. The size is
 * checked first in the browser (no 20 MB upload just to be refused); the server's field errors show
 * under their fields, what was typed stays.
 */
export function PictureUploadForm({ item, types }: { item: MediaItemProp; types: [string, string][] }) {
  const t = useTranslations('media');
  const tc = useTranslations('common');
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState({ type: types[0]?.[0] ?? '', source: '', variant: '', note: '' });
  const [isDefault, setDefault] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [params, setParams] = useState<Record<string, string | number>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<SentRequest | null>(null);
  if (sent) return <Sent request={sent} back={itemTab(item, 'picture')} />;
  const set = (name: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const tooLarge = (size: number) => {
    setErrors({ picture: 'pictureTooLarge' });
    setParams({ 0: toMegabytes(size), 1: toMegabytes(PICTURE_MAX_BYTES) });
  };
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!file) return setErrors({ picture: 'required' });
    if (file.size > PICTURE_MAX_BYTES) return tooLarge(file.size);
    setBusy(true);
    const body = new FormData();
    body.set('picture', file);
    body.set(item.type, item.public_id);
    body.set('type', values.type);
    body.set('is_default', String(isDefault));
    for (const k of ['source', 'variant', 'note'] as const) if (values[k].trim()) body.set(k, values[k]);
    try {
      const res = await fetch('/api/pictures', { method: 'POST', body, credentials: 'same-origin' });
      const json = (await res.json().catch(() => null)) as
        (SentRequest & { fields?: FormErrors; params?: Record<string, string | number> }) | null;
      if (res.ok && json) setSent(json);
      else if ((res.status === 400 || res.status === 413) && json?.fields) {
        setErrors(json.fields);
        setParams(json.params ?? {});
      } else setErrors({ _form: res.status === 429 ? 'changeLimit' : 'submitFailed' });
    } catch {
      setErrors({ _form: 'submitFailed' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex max-w-xl flex-col gap-4"
      data-testid="picture-form"
    >
      <FieldFrame
        name="picture"
        label={t('pictureFile')}
        required
        error={errors.picture}
        errorParams={params}
        hint={t('pictureHint')}
      >
        <FileInput
          texts={{ choose: tc('chooseFile'), none: tc('noFileChosen') }}
          id="field-picture"
          name="picture"
          accept="image/jpeg,image/gif,image/png,image/webp"
          aria-invalid={errors.picture ? true : undefined}
          aria-describedby={fieldDescribedBy('picture', errors.picture, t('pictureHint'))}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setFile(chosen);
            setErrors(({ picture: _gone, ...rest }) => rest);
            if (chosen && chosen.size > PICTURE_MAX_BYTES) tooLarge(chosen.size);
          }}
        />
      </FieldFrame>
      <SelectField
        name="type"
        label={t('type')}
        value={values.type}
        onValue={set('type')}
        options={types}
        error={errors.type}
        required
      />
      <FormField
        name="source"
        label={t('source')}
        hint={t('sourceHint')}
        value={values.source}
        onValue={set('source')}
        maxLength={PICTURE_SOURCE_MAX}
        error={errors.source}
      />
      {values.type === '1' ? (
        <FormField
          name="variant"
          label={t('variant')}
          hint={t('variantHint')}
          value={values.variant}
          onValue={set('variant')}
          maxLength={20}
          error={errors.variant}
        />
      ) : null}
      <DefaultCheckbox checked={isDefault} onChange={setDefault} />
      <TextAreaField
        name="note"
        label={t('note')}
        value={values.note}
        onValue={set('note')}
        maxLength={CHANGE_NOTE_MAX}
        rows={3}
        error={errors.note}
      />
      <FormError error={errors._form ?? errors.item} params={params} />
      <Button type="submit" className="self-start" disabled={busy || !file}>
        {t(busy ? 'sending' : 'submitPicture')}
      </Button>
    </form>
  );
}

/** "Make it the main picture": the item's picture in listings and cards once approved. */
function DefaultCheckbox({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const t = useTranslations('media');
  return (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        name="is_default"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4"
      />
      {t('isDefault')}
    </label>
  );
}

/** The change request sent by the JSON forms (POST /api/changes). */
type ChangeBody = {
  entity: 'picture' | 'video' | 'shopping_link';
  kind: 'new' | 'edit' | 'delete';
  target?: string;
  values?: Record<string, unknown>;
  note?: string;
};

/** The form mechanism posting a change request built from the typed values. */
function useChangeForm<V extends Record<string, string>>(
  initial: V,
  required: (keyof V)[],
  build: (v: V) => ChangeBody,
) {
  return useApiForm<V>({
    endpoint: '/api/changes',
    initial,
    required,
    encode: build,
    limit: { message: 'changeLimit', params: () => ({}) },
  });
}

/**
 * `/photo/{id}/edit`: a suggested change of a picture's type, source and default flag (its file
 * and variant stay): an edit request through POST /api/changes.
 */
export function PictureEditForm({
  publicId,
  initial,
  types,
  back,
}: {
  publicId: string;
  initial: { type: string; source: string; is_default: boolean };
  types: [string, string][];
  back: string;
}) {
  const t = useTranslations('media');
  const [sent, setSent] = useState<SentRequest | null>(null);
  const f = useChangeForm(
    { type: initial.type, source: initial.source, is_default: String(initial.is_default) },
    ['type'],
    (v) => ({
      entity: 'picture',
      kind: 'edit',
      target: publicId,
      values: { type: Number(v.type), source: v.source.trim() || null, is_default: v.is_default === 'true' },
    }),
  );
  if (sent) return <Sent request={sent} back={back} />;
  return (
    <form
      {...f.formProps<SentRequest>(setSent)}
      className="flex max-w-xl flex-col gap-4"
      data-testid="picture-edit-form"
    >
      <SelectField
        name="type"
        label={t('type')}
        value={f.values.type}
        onValue={(v) => f.set('type', v)}
        options={types}
        error={f.errors.type}
        required
      />
      <FormField
        name="source"
        label={t('source')}
        hint={t('sourceHint')}
        value={f.values.source}
        onValue={(v) => f.set('source', v)}
        maxLength={PICTURE_SOURCE_MAX}
        error={f.errors.source}
      />
      <DefaultCheckbox checked={f.values.is_default === 'true'} onChange={(v) => f.set('is_default', String(v))} />
      <FormError error={f.errors._form} params={f.params} />
      <Button type="submit" className="self-start" disabled={!f.canSubmit}>
        {t(f.submitting ? 'sending' : 'submitEdit')}
      </Button>
    </form>
  );
}

/**
 * `videos/new` and `/video/{id}/edit`: a YouTube video of a movie or release (any address form;
 * a start time is kept), its type and chapter, sent as a change request (new or edit).
 */
export function VideoForm({
  item,
  publicId,
  initial,
  types,
  back,
}: {
  /** The item of a new video. */
  item?: MediaItemProp;
  /** The video edited. */
  publicId?: string;
  initial: { youtube_id: string; type: string; chapter: string };
  types: [string, string][];
  back: string;
}) {
  const t = useTranslations('media');
  const [sent, setSent] = useState<SentRequest | null>(null);
  const f = useChangeForm({ ...initial, note: '' }, ['youtube_id', 'type'], (v) => ({
    entity: 'video',
    kind: publicId ? 'edit' : 'new',
    ...(publicId ? { target: publicId } : {}),
    values: {
      ...(item ? { [item.type]: item.public_id } : {}),
      youtube_id: v.youtube_id,
      type: Number(v.type),
      chapter: v.chapter.trim() || null,
    },
    ...(v.note.trim() ? { note: v.note } : {}),
  }));
  if (sent) return <Sent request={sent} back={back} />;
  return (
    <form {...f.formProps<SentRequest>(setSent)} className="flex max-w-xl flex-col gap-4" data-testid="video-form">
      <FormField
        name="youtube_id"
        label={t('youtube')}
        hint={t('youtubeHint')}
        value={f.values.youtube_id}
        onValue={(v) => f.set('youtube_id', v)}
        maxLength={500}
        error={f.errors.youtube_id}
        required
        inputMode="url"
      />
      <SelectField
        name="type"
        label={t('type')}
        value={f.values.type}
        onValue={(v) => f.set('type', v)}
        options={types}
        error={f.errors.type}
        required
      />
      <FormField
        name="chapter"
        label={t('chapter')}
        hint={t('chapterHint')}
        value={f.values.chapter}
        onValue={(v) => f.set('chapter', v)}
        maxLength={VIDEO_CHAPTER_MAX}
        error={f.errors.chapter}
      />
      <TextAreaField
        name="note"
        label={t('note')}
        value={f.values.note}
        onValue={(v) => f.set('note', v)}
        maxLength={CHANGE_NOTE_MAX}
        rows={3}
        error={f.errors.note}
      />
      <FormError error={f.errors._form ?? f.errors.item} params={f.params} />
      <Button type="submit" className="self-start" disabled={!f.canSubmit}>
        {t(f.submitting ? 'sending' : publicId ? 'submitEdit' : 'submitVideo')}
      </Button>
    </form>
  );
}

/**
 * `buying_options/new`: a product page at Amazon (.com, .co.uk, .de, .it) or CDON.fi; the server
 * keeps the shop's canonical address and checks that the product is sold (the shop-check codes'
 * messages show under the field).
 */
export function ShoppingLinkForm({ item }: { item: MediaItemProp }) {
  const t = useTranslations('media');
  const [sent, setSent] = useState<SentRequest | null>(null);
  const f = useChangeForm({ url: '', note: '' }, ['url'], (v) => ({
    entity: 'shopping_link',
    kind: 'new',
    values: { [item.type]: item.public_id, url: v.url },
    ...(v.note.trim() ? { note: v.note } : {}),
  }));
  if (sent) return <Sent request={sent} back={itemTab(item, 'shopping_link')} />;
  return (
    <form {...f.formProps<SentRequest>(setSent)} className="flex max-w-xl flex-col gap-4" data-testid="link-form">
      <FormField
        name="url"
        label={t('url')}
        hint={t('urlHint')}
        value={f.values.url}
        onValue={(v) => f.set('url', v)}
        maxLength={SHOPPING_LINK_MAX}
        error={f.errors.url}
        required
        inputMode="url"
      />
      <TextAreaField
        name="note"
        label={t('note')}
        value={f.values.note}
        onValue={(v) => f.set('note', v)}
        maxLength={CHANGE_NOTE_MAX}
        rows={3}
        error={f.errors.note}
      />
      <FormError error={f.errors._form ?? f.errors.item} params={f.params} />
      <Button type="submit" className="self-start" disabled={!f.canSubmit}>
        {t(f.submitting ? 'sending' : 'submitLink')}
      </Button>
    </form>
  );
}

/** A suggested deletion of a picture or video: why (required), sent as a delete request. */
export function MediaDeleteForm({
  entity,
  publicId,
  back,
}: {
  entity: 'picture' | 'video';
  publicId: string;
  back: string;
}) {
  const t = useTranslations('media');
  const [sent, setSent] = useState<SentRequest | null>(null);
  const f = useChangeForm({ note: '' }, ['note'], (v) => ({ entity, kind: 'delete', target: publicId, note: v.note }));
  if (sent) return <Sent request={sent} back={back} />;
  return (
    <form
      {...f.formProps<SentRequest>(setSent)}
      className="flex max-w-xl flex-col gap-4"
      data-testid="media-delete-form"
    >
      <TextAreaField
        name="note"
        label={t('deleteNote')}
        value={f.values.note}
        onValue={(v) => f.set('note', v)}
        maxLength={CHANGE_NOTE_MAX}
        rows={3}
        error={f.errors.note as FormsKey | undefined}
        required
      />
      <FormError error={f.errors._form} params={f.params} />
      <Button type="submit" variant="secondary" className="self-start" disabled={!f.canSubmit}>
        {t('deleteSubmit')}
      </Button>
    </form>
  );
}
