import 'server-only';
import { getTranslations } from 'next-intl/server';
import { formatNames } from '@/lib/i18n/format-names';
import type { ReviewReleaseChoice } from '@/lib/data/reviews';
import { RATING_ASPECTS } from '@/lib/validation/review-options';
import type { ReviewFormLabels } from './review-form';

/** The review form's texts in the page's locale (`submit`/`done`: publish or save). */
export async function reviewFormLabels(locale: string, mode: 'new' | 'edit'): Promise<ReviewFormLabels> {
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const fieldKeys = [
    'headline',
    'ingress',
    'body',
    'language',
    'watchSource',
    'youtubeUrl',
    'release',
    'releaseNone',
    'releaseHint',
    'ratings',
    'ratingNone',
    'sourceNone',
  ] as const;
  return {
    fields: Object.fromEntries(fieldKeys.map((k) => [k, t(`fields.${k}`)])) as ReviewFormLabels['fields'],
    aspects: Object.fromEntries(RATING_ASPECTS.map((a) => [a, t(`aspects.${a}`)])) as ReviewFormLabels['aspects'],
    buckets: (['5', '4', '3', '2', '1'] as const).map((b) => [b, t(`buckets.${b}`)]),
    languages: (['en', 'fi', 'other'] as const).map((l) => [l, t(`languages.${l}`)]),
    sources: (['1', '2', '3', '4', '5', '6'] as const).map((s) => [s, t(`sources.${s}`)]),
    submit: t(mode === 'new' ? 'submit' : 'save'),
    done: t(mode === 'new' ? 'created' : 'saved'),
  };
}

/**
 * The review form's release options in the page's locale: each release as "name · format · label ·
 * year" (the parts it has), so that a movie's editions of the same name can be told apart. The
 * releases the member has a copy of (`copies`: public ids) come first, marked "your copy".
 */
export async function releaseOptions(
  releases: readonly ReviewReleaseChoice[],
  locale: string,
  copies: ReadonlySet<string> = new Set(),
): Promise<{ public_id: string; name: string }[]> {
  const formatName = await formatNames(locale);
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const options = releases.map((r) => {
    const parts = [r.name, formatName(r.format), r.label, r.year != null ? String(r.year) : null];
    if (copies.has(r.public_id)) parts.push(t('yourCopy'));
    return { public_id: r.public_id, name: parts.filter(Boolean).join(' · ') };
  });
  return [...options.filter((o) => copies.has(o.public_id)), ...options.filter((o) => !copies.has(o.public_id))];
}
