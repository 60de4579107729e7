import { getTranslations } from 'next-intl/server';
import type { RatingAspect } from '@/lib/validation/review-options';

/** One rating as "Aspect: Bucket" (server component); `value` is the stored bucket 1-5. */
export async function RatingBadge({ locale, aspect, value }: { locale: string; aspect: RatingAspect; value: number }) {
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const bucket = String(value) as '1' | '2' | '3' | '4' | '5';
  return (
    <span className="rounded bg-panel px-2" data-testid={`rating-${aspect}`}>
      {t(`aspects.${aspect}`)}: {t(`buckets.${bucket}`)}
    </span>
  );
}
