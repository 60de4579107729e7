'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FileInput } from '@/components/ui/file-input';
import { showSnackbar } from '@/components/ui/snackbar';
import { toMegabytes } from '@/lib/format';
import type { FormsKey } from '@/lib/i18n/keys';
import { PICTURE_MAX_BYTES } from '@/lib/validation/limits';
import { Section } from './section';

/** POST /api/me/picture's answers: `{ picture }` (the stored file name), or a field error with its parameters. */
type PictureAnswer = { picture?: string; fields?: { picture?: FormsKey }; params?: Record<string, string | number> };

/**
 * The profile picture: preview, upload (POST /api/me/picture, the size checked first in the
 * browser) and removal (DELETE), each confirmed in the snackbar or its error shown below.
 */
export function PictureSection({ initial }: { initial: string | null }) {
  const t = useTranslations('account');
  const tf = useTranslations('forms');
  const tc = useTranslations('common');
  const [picture, setPicture] = useState(initial);
  const [error, setError] = useState<{ key: FormsKey; params?: Record<string, string | number> } | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (method: 'POST' | 'DELETE', file?: File) => {
    setBusy(true);
    setError(null);
    const body = new FormData();
    if (file) body.set('picture', file);
    const res = await fetch('/api/me/picture', {
      method,
      body: method === 'POST' ? body : undefined,
      credentials: 'same-origin',
    }).catch(() => null);
    setBusy(false);
    const json = (await res?.json().catch(() => null)) as PictureAnswer | null;
    if (res?.ok) {
      setPicture(method === 'POST' ? (json?.picture ?? null) : null);
      showSnackbar(t(method === 'POST' ? 'pictureSaved' : 'pictureRemoved'));
    } else setError({ key: json?.fields?.picture ?? 'submitFailed', params: json?.params });
  };
  return (
    <Section title={t('picture')}>
      <div className="flex items-center gap-4">
        {picture ? (
          // eslint-disable-next-line @next/next/no-img-element -- user uploads are served as static variants, never through the image optimizer
          <img
            src={`/uploads/lg-${picture}`}
            alt=""
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full object-cover"
            data-testid="picture-preview"
          />
        ) : (
          <span
            aria-hidden="true"
            className="size-24 shrink-0 rounded-full bg-accent-soft"
            data-testid="picture-placeholder"
          />
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <label htmlFor="field-picture" className="text-sm font-medium">
            {t('uploadPicture')}
          </label>
          <FileInput
            texts={{ choose: tc('chooseFile'), none: tc('noFileChosen') }}
            id="field-picture"
            accept="image/jpeg,image/gif,image/png,image/webp"
            disabled={busy}
            aria-describedby="field-picture-hint"
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              // The server's limit, checked first: no 20 MB upload just to be refused.
              if (file && file.size > PICTURE_MAX_BYTES)
                setError({
                  key: 'pictureTooLarge',
                  params: { 0: toMegabytes(file.size), 1: toMegabytes(PICTURE_MAX_BYTES) },
                });
              else if (file) void send('POST', file);
              e.target.value = '';
            }}
          />
          <p id="field-picture-hint" className="text-xs text-muted">
            {t('pictureHelp')}
          </p>
          {picture ? (
            <Button variant="secondary" className="self-start" disabled={busy} onClick={() => void send('DELETE')}>
              {t('removePicture')}
            </Button>
          ) : null}
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-accent-strong" data-testid="picture-error">
          {tf(error.key, error.params)}
        </p>
      ) : null}
    </Section>
  );
}
