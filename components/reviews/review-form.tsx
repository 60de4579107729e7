'use client';

import { SelectField, TextAreaField } from '@/components/forms/choice-fields';
import { FormError, FormField } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { WRITING_LIMIT } from '@/components/forms/writing-limit';
import { Button } from '@/components/ui/button';
import { queueSnackbar } from '@/components/ui/snackbar';
import { useRouter } from '@/lib/i18n/navigation';
import { REVIEW_BODY_MAX, REVIEW_HEADLINE_MAX, REVIEW_INGRESS_MAX, YOUTUBE_URL_MAX } from '@/lib/validation/limits';
import { RATING_ASPECTS, RELEASE_ASPECTS } from '@/lib/validation/review-options';

/** The values a review form starts from (strings, as the form keeps them; ratings '1'-'5' or ''). */
export type ReviewFormValues = {
  headline: string;
  ingress: string;
  body: string;
  language: string;
  watch_source: string;
  youtube_url: string;
  release: string;
  rating_movie: string;
  rating_release: string;
  rating_picture: string;
  rating_sound: string;
  rating_extras: string;
  rating_package: string;
};

/** The texts of the form, translated by the server page (the `reviews` namespace stays on the server). */
export type ReviewFormLabels = {
  fields: Record<
    | 'headline'
    | 'ingress'
    | 'body'
    | 'language'
    | 'watchSource'
    | 'youtubeUrl'
    | 'release'
    | 'releaseNone'
    | 'releaseHint'
    | 'ratings'
    | 'ratingNone'
    | 'sourceNone',
    string
  >;
  aspects: Record<(typeof RATING_ASPECTS)[number], string>;
  /** [value, label] pairs. */
  buckets: [string, string][];
  languages: [string, string][];
  sources: [string, string][];
  submit: string;
  done: string;
};

/**
 * Write (`/reviews/new?movie=`, `movie` given) or edit (`/review/{id}/edit`, `publicId` given) a
 * review: headline, ingress, body, language, watch source, YouTube address, one of the movie's
 * releases, and ratings; the release, picture, sound, extras and package ratings appear once a
 * release is chosen (and are cleared when it is taken away). Saved through the JSON API; the
 * browser then goes to the review.
 */
export function ReviewForm({
  initial,
  movie,
  publicId,
  releases,
  labels,
}: {
  initial: ReviewFormValues;
  movie?: string;
  publicId?: string;
  releases: { public_id: string; name: string }[];
  labels: ReviewFormLabels;
}) {
  const router = useRouter();
  const form = useApiForm({
    endpoint: publicId ? `/api/reviews/${publicId}` : '/api/reviews',
    method: publicId ? 'PATCH' : 'POST',
    initial,
    required: ['headline', 'body', 'language'],
    limit: WRITING_LIMIT,
    encode: (v) => ({
      ...v,
      ...(v.release ? {} : Object.fromEntries(RELEASE_ASPECTS.map((a) => [`rating_${a}`, '']))),
      ...(movie ? { movie } : {}),
    }),
  });
  const f = labels.fields;
  const ratingOptions: [string, string][] = [['', f.ratingNone], ...labels.buckets];
  const aspects = form.values.release ? RATING_ASPECTS : (['movie'] as const);
  return (
    <form
      className="flex max-w-2xl flex-col gap-4"
      data-testid="review-form"
      {...form.formProps<{ public_id: string }>((body) => {
        queueSnackbar(labels.done);
        router.push(`/review/${body.public_id}`);
        router.refresh();
      })}
    >
      <FormError error={form.errors._form} params={form.params} />
      <FormField
        name="headline"
        required
        label={f.headline}
        value={form.values.headline}
        onValue={(v) => form.set('headline', v)}
        error={form.errors.headline}
        maxLength={REVIEW_HEADLINE_MAX}
      />
      <TextAreaField
        name="ingress"
        label={f.ingress}
        rows={2}
        value={form.values.ingress}
        onValue={(v) => form.set('ingress', v)}
        error={form.errors.ingress}
        maxLength={REVIEW_INGRESS_MAX}
      />
      <TextAreaField
        name="body"
        required
        label={f.body}
        rows={12}
        value={form.values.body}
        onValue={(v) => form.set('body', v)}
        error={form.errors.body}
        maxLength={REVIEW_BODY_MAX}
      />
      <SelectField
        name="language"
        label={f.language}
        value={form.values.language}
        onValue={(v) => form.set('language', v)}
        error={form.errors.language}
        options={labels.languages}
      />
      <SelectField
        name="watch_source"
        label={f.watchSource}
        value={form.values.watch_source}
        onValue={(v) => form.set('watch_source', v)}
        error={form.errors.watch_source}
        options={[['', f.sourceNone], ...labels.sources]}
      />
      <FormField
        name="youtube_url"
        type="url"
        label={f.youtubeUrl}
        value={form.values.youtube_url}
        onValue={(v) => form.set('youtube_url', v)}
        error={form.errors.youtube_url}
        maxLength={YOUTUBE_URL_MAX}
      />
      <SelectField
        name="release"
        label={f.release}
        hint={f.releaseHint}
        value={form.values.release}
        onValue={(v) => form.set('release', v)}
        error={form.errors.release}
        options={[['', f.releaseNone], ...releases.map((r): [string, string] => [r.public_id, r.name])]}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{f.ratings}</legend>
        {aspects.map((a) => (
          <SelectField
            key={a}
            name={`rating_${a}`}
            label={labels.aspects[a]}
            value={form.values[`rating_${a}`]}
            onValue={(v) => form.set(`rating_${a}`, v)}
            error={form.errors[`rating_${a}`]}
            options={ratingOptions}
          />
        ))}
      </fieldset>
      <Button type="submit" disabled={!form.canSubmit} data-testid="review-submit">
        {labels.submit}
      </Button>
    </form>
  );
}
