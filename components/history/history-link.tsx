import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { CatalogueEntity } from '@/lib/validation/catalogue-fields';

/**
 * The "History" link at the foot of an item page, to `/{entity}/{id}/history`. Server-rendered
 * and the same for every visitor (the item pages are cached); not prefetched, since the history
 * is rendered per request.
 */
export async function HistoryLink({
  locale,
  entity,
  publicId,
}: {
  locale: string;
  entity: CatalogueEntity;
  publicId: string;
}) {
  const t = await getTranslations({ locale, namespace: 'changes.history' });
  return (
    <p className="mt-8 border-t border-line pt-3 text-sm">
      <Link
        href={`/${entity}/${publicId}/history`}
        prefetch={false}
        className="text-muted underline"
        data-testid="history-link"
      >
        {t('link')}
      </Link>
    </p>
  );
}
