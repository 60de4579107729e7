import { getTranslations } from 'next-intl/server';
import { DeleteRequestButton } from '@/components/changes/delete-request-button';
import { Link } from '@/lib/i18n/navigation';
import type { CatalogueEntity } from '@/lib/validation/catalogue-fields';

/**
 * The foot of an item page: the "History" link, to `/{entity}/{id}/history`, and "Suggest
 * deletion" (a small client island that loads its dialog on demand). Server-rendered and the same
 * for every visitor (the item pages are cached); the history is not prefetched, since it is
 * rendered per request.
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
    <p className="mt-8 flex flex-wrap gap-x-4 border-t border-line pt-3 text-sm">
      <Link
        href={`/${entity}/${publicId}/history`}
        prefetch={false}
        className="text-muted underline"
        data-testid="history-link"
      >
        {t('link')}
      </Link>
      <DeleteRequestButton entity={entity} publicId={publicId} />
    </p>
  );
}
