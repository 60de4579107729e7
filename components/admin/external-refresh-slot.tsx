import { getTranslations } from 'next-intl/server';
import type { TitleDetail } from '@/lib/data/types';
import { isExternalImportEnabled } from '@/lib/external/tmdb';
import type { ExternalRefreshWords } from './external-refresh-button';

/**
 * Where a movie page offers admins "Refresh from TMDb": an empty element naming the movie and
 * carrying the button's texts, the same in every visitor's HTML (the movie pages are cached). The
 * member widget (components/account/member-widget.tsx) fills it with the button
 * (./external-refresh-button.tsx) for an admin. Rendered only for a movie with an IMDb or TMDb id
 * (or a TMDb source: an episode a series import brought) while the import is on (TMDB_API_KEY).
 */
export async function ExternalRefreshSlot({ title, locale }: { title: TitleDetail; locale: string }) {
  const linked =
    title.imdb_id || title.tmdb_id != null || title.source_ids.some((s) => /^tmdb(-tv|-episode)?:/.test(s));
  if (!linked || !isExternalImportEnabled()) return null;
  const t = await getTranslations({ locale, namespace: 'externalImport' });
  const words: ExternalRefreshWords = {
    refresh: t('refresh'),
    refreshing: t('refreshing'),
    refreshed: t('refreshed'),
    unchanged: t('unchanged'),
    notFound: t('notFound'),
    unavailable: t('unavailable'),
    noId: t('noId'),
    off: t('off'),
    failed: t('failed'),
  };
  return <div data-external-refresh={title.public_id} data-words={JSON.stringify(words)} />;
}
