'use client';

import { SelectField, TextAreaField } from '@/components/forms/choice-fields';
import { FormError, FormField } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { WRITING_LIMIT } from '@/components/forms/writing-limit';
import { Button } from '@/components/ui/button';
import { queueSnackbar } from '@/components/ui/snackbar';
import { useRouter } from '@/lib/i18n/navigation';
import { MESSAGE_BODY_MAX, POST_HEADLINE_MAX } from '@/lib/validation/limits';

/** The values a discussion form starts from. */
export type PostFormValues = { headline: string; body: string; language: string };

/** The texts of the form, translated by the server page. */
export type PostFormLabels = {
  headline: string;
  body: string;
  language: string;
  /** [value, label] pairs. */
  languages: [string, string][];
  submit: string;
  done: string;
};

/**
 * Start (`/posts/new`, `link` given: what it is about, or none) or edit (`/post/{id}/edit`,
 * `publicId` given) a discussion: headline, first message and language. Saved through the JSON
 * API (`POST /api/posts`, `PATCH /api/posts/{id}`); the browser then goes to the discussion.
 */
export function PostForm({
  initial,
  link,
  publicId,
  labels,
}: {
  initial: PostFormValues;
  link?: { type: 'movie' | 'release' | 'review'; publicId: string } | null;
  publicId?: string;
  labels: PostFormLabels;
}) {
  const router = useRouter();
  const form = useApiForm({
    endpoint: publicId ? `/api/posts/${publicId}` : '/api/posts',
    method: publicId ? 'PATCH' : 'POST',
    initial,
    required: ['headline', 'body', 'language'],
    limit: WRITING_LIMIT,
    encode: (v) => ({ ...v, ...(link ? { [link.type]: link.publicId } : {}) }),
  });
  return (
    <form
      className="flex max-w-2xl flex-col gap-4"
      data-testid="post-form"
      {...form.formProps<{ public_id: string }>((body) => {
        queueSnackbar(labels.done);
        router.push(`/post/${body.public_id}`);
        router.refresh();
      })}
    >
      <FormError
        error={form.errors._form ?? form.errors.movie ?? form.errors.release ?? form.errors.review}
        params={form.params}
      />
      <FormField
        name="headline"
        required
        label={labels.headline}
        value={form.values.headline}
        onValue={(v) => form.set('headline', v)}
        error={form.errors.headline}
        maxLength={POST_HEADLINE_MAX}
      />
      <TextAreaField
        name="body"
        required
        label={labels.body}
        rows={10}
        value={form.values.body}
        onValue={(v) => form.set('body', v)}
        error={form.errors.body}
        maxLength={MESSAGE_BODY_MAX}
      />
      <SelectField
        name="language"
        label={labels.language}
        value={form.values.language}
        onValue={(v) => form.set('language', v)}
        error={form.errors.language}
        options={labels.languages}
      />
      <Button type="submit" disabled={!form.canSubmit} data-testid="post-submit">
        {labels.submit}
      </Button>
    </form>
  );
}
