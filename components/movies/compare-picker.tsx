import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { localePath } from '@/lib/seo';

/**
 * The form that picks releases to compare: release cards inside it carry a checkbox `r` (ReleaseCard
 * `pick`), and the button sends the ticked ids to `/movie/{id}/compare` (GET, so the result is a
 * link anyone can share; the page explains a count outside two to four). `withRelease`: the release
 * whose other-releases tab this is, always in the comparison. Works without JavaScript.
 */
export async function ComparePicker({
  locale,
  moviePublicId,
  withRelease,
  children,
}: {
  locale: string;
  moviePublicId: string;
  withRelease?: string;
  children: ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: 'compare' });
  return (
    <form action={localePath(locale, `/movie/${moviePublicId}/compare`)} method="get" data-testid="compare-form">
      {withRelease ? <input type="hidden" name="r" value={withRelease} /> : null}
      <p className="mb-3 text-sm text-muted">{withRelease ? t('pickHintWith') : t('pickHint')}</p>
      {children}
      <div className="sticky bottom-0 mt-3 flex justify-end border-t border-line bg-paper/95 py-2">
        <Button type="submit" data-testid="compare-submit">
          {t('compareButton')}
        </Button>
      </div>
    </form>
  );
}
