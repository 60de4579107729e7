import { getTranslations } from 'next-intl/server';
import { MemberLink } from '@/components/account/member-link';
import { DeleteRequestButton } from '@/components/changes/delete-request-button';
import { Link } from '@/lib/i18n/navigation';
import type { CatalogueEntity } from '@/lib/validation/catalogue-fields';

/** The suggestion forms an item page links to, by entity: [path under the item, message key]. */
const FORM_LINKS: Record<CatalogueEntity, [string, 'edit' | 'crew' | 'connections' | 'addRelease' | 'duplicate'][]> = {
  movie: [
    ['edit', 'edit'],
    ['edit/crew', 'crew'],
    ['edit/connections', 'connections'],
    ['releases/new', 'addRelease'],
  ],
  release: [
    ['edit', 'edit'],
    ['duplicate', 'duplicate'],
  ],
  person: [['edit', 'edit']],
  label: [['edit', 'edit']],
};

/**
 * The foot of an item page: links to its suggestion forms (`/{entity}/{id}/edit`, a movie's cast
 * and crew, connections and new release, a release's duplicate), its "History"
 * (`/{entity}/{id}/history`), a movie's or release's contact form (`/{entity}/{id}/contact`)
 * and "Suggest deletion" (a small client island that loads its dialog
 * on demand). Server-rendered and the same for every visitor (the item pages are
 * cached; a visitor's click on a form link shows the login prompt and dialog here, then goes on
 * to the form); not prefetched, since those pages are rendered per request.
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
  const tf = await getTranslations({ locale, namespace: 'catalogueForm.links' });
  const base = `/${entity}/${publicId}`;
  return (
    <p className="mt-8 flex flex-wrap gap-x-4 gap-y-2 border-t border-line pt-3 text-sm" data-testid="item-foot-links">
      {FORM_LINKS[entity].map(([path, key]) => (
        <MemberLink key={path} href={`${base}/${path}`} className="text-muted underline">
          {tf(key)}
        </MemberLink>
      ))}
      <Link href={`${base}/history`} prefetch={false} className="text-muted underline" data-testid="history-link">
        {t('link')}
      </Link>
      {entity === 'movie' || entity === 'release' ? (
        <Link href={`${base}/contact`} prefetch={false} className="text-muted underline" data-testid="contact-link">
          {(await getTranslations({ locale, namespace: 'contact' }))('itemLink')}
        </Link>
      ) : null}
      <DeleteRequestButton entity={entity} publicId={publicId} />
    </p>
  );
}
