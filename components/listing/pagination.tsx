import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { withCursor } from './presets';

/**
 * Keyset pagination links (never page numbers or OFFSET): "Next page" with rel="next" when the
 * list has a next cursor, and "Back to the first page" when the page itself was reached by a cursor.
 * `href` is the canonical unprefixed href of the listing without its cursor; `cursorParam` names the
 * cursor's query parameter (default `cursor`; a page with two lists gives each its own).
 */
export async function Pagination({
  locale,
  href,
  nextCursor,
  isFirstPage,
  cursorParam,
}: {
  locale: string;
  href: string;
  nextCursor: string | null;
  isFirstPage: boolean;
  cursorParam?: string;
}) {
  if (!nextCursor && isFirstPage) return null;
  const t = await getTranslations({ locale, namespace: 'listing' });
  const linkClass = 'inline-block rounded-lg border border-line bg-panel px-4 py-2 font-medium hover:border-accent';
  return (
    <nav aria-label={t('pagination')} className="mt-6 flex flex-wrap gap-3" data-testid="pagination">
      {!isFirstPage ? (
        <Link href={href} className={linkClass} data-testid="first-page">
          {t('firstPage')}
        </Link>
      ) : null}
      {nextCursor ? (
        <Link href={withCursor(href, nextCursor, cursorParam)} rel="next" className={linkClass} data-testid="next-page">
          {t('nextPage')} →
        </Link>
      ) : null}
    </nav>
  );
}
