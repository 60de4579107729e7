'use client';

import { useLocale } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FileInput } from '@/components/ui/file-input';
import { fillPlaceholders, formatMegabytes } from '@/lib/format';
import { useRouter } from '@/lib/i18n/navigation';
import { IMPORT_ACCEPT, IMPORT_MAX_BYTES } from '@/lib/validation/collection-limits';

/** Texts of the upload form, translated by the page (`{name}` placeholders filled here). */
export type ImportUploadTexts = {
  file: string;
  /** The file field's button and its text before a file is chosen. */
  chooseFile: string;
  noFileChosen: string;
  fileHint: string;
  submit: string;
  submitting: string;
  noFile: string;
  tooLarge: string;
  failed: string;
  /** The API's refusals by message key (`api.import*`), with their `{param}` placeholders. */
  errors: Record<string, string>;
};

/**
 * The import page's upload form: one file input and the import button. The file goes to
 * `POST /api/collections/{id}/imports` (multipart), which starts the import job; on success the
 * browser goes to the job's page (its progress, then its report); a refusal (no file, over 5 MB,
 * not text, too many rows, Letterboxd into a releases collection, another import still running)
 * shows its message under the input, which keeps the chosen file.
 */
export function ImportUpload({ collectionId, texts }: { collectionId: string; texts: ImportUploadTexts }) {
  const router = useRouter();
  const locale = useLocale();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setError(texts.noFile);
    if (file.size > IMPORT_MAX_BYTES)
      return setError(fillPlaceholders(texts.tooLarge, { mb: formatMegabytes(IMPORT_MAX_BYTES, locale) }));
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.set('file', file);
      const res = await fetch(`/api/collections/${collectionId}/imports`, {
        method: 'POST',
        body,
        credentials: 'same-origin',
      });
      const json = (await res.json().catch(() => null)) as {
        public_id?: string;
        key?: string;
        params?: Record<string, unknown>;
      } | null;
      if (res.status === 202 && json?.public_id) {
        router.push(`/collection/${collectionId}/import/${json.public_id}`);
        return;
      }
      setError(
        json?.key && texts.errors[json.key]
          ? fillPlaceholders(texts.errors[json.key], json.params, locale)
          : texts.failed,
      );
    } catch {
      setError(texts.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-3" data-testid="import-form">
      <div className="flex flex-col gap-1">
        <label htmlFor="import-file" className="text-sm font-medium">
          {texts.file}
        </label>
        <FileInput
          texts={{ choose: texts.chooseFile, none: texts.noFileChosen }}
          id="import-file"
          name="file"
          accept={IMPORT_ACCEPT}
          aria-describedby={`import-file-hint${error ? ' import-file-error' : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
        />
        <p id="import-file-hint" className="text-xs text-muted">
          {texts.fileHint}
        </p>
        {error ? (
          <p id="import-file-error" role="alert" className="text-sm text-accent-strong">
            {error}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? texts.submitting : texts.submit}
        </Button>
      </div>
    </form>
  );
}
