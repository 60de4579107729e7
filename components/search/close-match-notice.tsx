import { getTranslations } from 'next-intl/server';
import type { CloseMatch } from '@/lib/data/types';
import { Link } from '@/lib/i18n/navigation';

/**
 * The close-match marker of a listing searched with `q` (server component): says that the words
 * found little and close spellings are included, and links to the suggested query ("Did you
 * mean …"). Renders nothing without `close` (lib/data/search-words.ts sets it on the page).
 * @param suggestionHref the same listing with `q` replaced by `close.q`
 */
export async function CloseMatchNotice({
  locale,
  close,
  suggestionHref,
}: {
  locale: string;
  close: CloseMatch | undefined;
  suggestionHref: string;
}) {
  if (!close) return null;
  const t = await getTranslations({ locale, namespace: 'search' });
  return (
    <div
      role="note"
      className="mb-4 rounded-lg border border-line bg-panel px-4 py-3 text-sm"
      data-testid="search-close-matches"
    >
      <p className="font-semibold">{t('closeMatches')}</p>
      <p className="text-muted">{t('closeMatchesHelp')}</p>
      <p className="mt-1">
        {t('didYouMean')}{' '}
        <Link
          href={suggestionHref}
          prefetch={false}
          className="font-medium underline"
          data-testid="search-did-you-mean"
        >
          {close.q}
        </Link>
      </p>
    </div>
  );
}
