import 'server-only';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { itemNotFoundMetadata } from '@/components/listing/item-not-found';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { redirectMergedMovie } from '@/components/movies/merged-movie';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { withCursor } from '@/components/listing/presets';
import { currentActor } from '@/lib/auth/session';
import { canModerate } from '@/lib/auth/policies';
import { refNamesOfValues } from '@/lib/data/catalogue-form';
import { getCatalogueItemName } from '@/lib/data/tombstones';
import {
  listRevisions,
  previewRevert,
  type HistoryEntry,
  type RevertPreview,
  type RevisionUserRef,
} from '@/lib/data/revisions';
import { AppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { Link, redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { siteTimeZone } from '@/lib/time-zone';
import type { CatalogueEntity } from '@/lib/validation/catalogue-fields';
import { FieldDiffTable } from './field-diff-table';
import { RevertButton } from './revert-button';

/** The query of a history page: `cursor` (a keyset page), `preview` (admins: a revision's id whose revert is previewed). */
export type HistoryQuery = { cursor: string; preview: string };

/** "{label} {name}" with the name linking to the member's profile; nothing for no member (a deleted account). */
function RevisionUser({ label, user }: { label: string; user: RevisionUserRef | null }) {
  if (!user) return null;
  return (
    <span>
      {label}{' '}
      <Link href={`/user/${user.public_id}`} className="underline">
        {user.name}
      </Link>
    </span>
  );
}

/** The entity's name and whether it is deleted, or null when it does not exist (read once per request). */
const entityItem = cache(getCatalogueItemName);
const entityName = async (entity: CatalogueEntity, publicId: string): Promise<string | null> =>
  (await entityItem(entity, publicId))?.name ?? null;

/** One page of the history (read once per request); a stale or forged cursor reads as none. */
const historyPage = cache(async (entity: CatalogueEntity, publicId: string, cursor: string) => {
  try {
    return await listRevisions(entity, publicId, { cursor: cursor || null });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') return 'bad_cursor' as const;
    throw error;
  }
});

/**
 * A merged movie's old id answers a permanent redirect to the history of the movie it was merged
 * into (as `/movie/{old id}` does); any other unknown id answers the item's 404 (notFound()).
 */
async function redirectOr404(locale: string, entity: CatalogueEntity, publicId: string): Promise<never> {
  if (entity === 'movie') await redirectMergedMovie({ locale, publicId, tab: 'history' });
  notFound();
}

/** Metadata of `/{entity}/{id}/history`: "History of {name}", not indexed. */
export async function historyMetadata(locale: string, entity: CatalogueEntity, publicId: string): Promise<Metadata> {
  const name = await entityName(entity, publicId);
  if (name == null) return itemNotFoundMetadata(locale);
  const t = await getTranslations({ locale, namespace: 'changes.history' });
  return pageMetadata({
    locale,
    path: `/${entity}/${publicId}/history`,
    title: t('title', { name }),
    description: t('metaDescription', { name }),
    noindex: true,
  });
}

/**
 * `/movie|release|person|label/{id}/history`: the entity's revisions newest first in
 * keyset pages (`?cursor=`): kind, time (site time zone), author and approving admin (links to
 * their profiles), points, the change request, an import's source (the external movie database's
 * record), the revert links between revisions and a table of
 * each field before and after; the imported origin ends the last page. Admins get a "Revert…"
 * link on each edit and revert, which shows (`?preview={id}`) which fields a revert writes back
 * and which it leaves as they are, and a button that reverts (`POST /api/revisions/{id}/revert`).
 * Rendered per request (the route exports `dynamic = 'force-dynamic'`): a new revision shows at once.
 * Data: lib/data/revisions.ts listRevisions, previewRevert.
 */
export async function HistoryPage({
  locale,
  entity,
  publicId,
  query,
}: {
  locale: string;
  entity: CatalogueEntity;
  publicId: string;
  query: HistoryQuery;
}) {
  const base = `/${entity}/${publicId}/history`;
  const page = await historyPage(entity, publicId, query.cursor);
  if (page === 'bad_cursor') return redirect({ href: base, locale });
  if (!page) return redirectOr404(locale, entity, publicId);
  const name = (await entityName(entity, publicId)) ?? publicId;
  const actor = await currentActor();
  const admin = canModerate(actor);
  const t = await getTranslations({ locale, namespace: 'changes' });
  const h = await getTranslations({ locale, namespace: 'changes.history' });
  const tx = await getTranslations({ locale, namespace: 'externalImport' });
  const zone = siteTimeZone();
  const valueWords = { empty: t('request.empty'), yes: t('request.yes'), no: t('request.no') };
  // Fields an import writes beside the catalogue's own (ratings, production companies, poster) have their labels there.
  const fieldLabel = (field: string) => {
    const key = `fields.${field}` as 'fields.name';
    const imported = `fields.${field}` as 'fields.ratings';
    return t.has(key) ? t(key) : tx.has(imported) ? tx(imported) : field;
  };
  const here = query.cursor ? withCursor(base, query.cursor) : base;
  const withPreview = (id: string) => `${here}${here.includes('?') ? '&' : '?'}preview=${encodeURIComponent(id)}`;

  let preview: RevertPreview | 'not_revertible' | null = null;
  if (admin && query.preview) {
    try {
      preview = await previewRevert(actor, query.preview);
      if (preview.entity !== entity || preview.entity_public_id !== publicId) preview = 'not_revertible';
    } catch (error) {
      if (!(error instanceof AppError && (error.code === 'not_found' || error.code === 'not_revertible'))) throw error;
      preview = 'not_revertible';
    }
  }

  // The names of the movies, persons and labels the values refer to by public id.
  const names = await refNamesOfValues([
    ...page.items.flatMap((e) =>
      e.kind === 'import'
        ? []
        : (['before', 'after'] as const).map((k) => ({
            entity,
            values: Object.fromEntries(Object.entries(e.changes).map(([f, c]) => [f, c[k]])),
          })),
    ),
    ...(preview && preview !== 'not_revertible'
      ? (['before', 'now'] as const).map((k) => ({
          entity,
          values: Object.fromEntries(preview.fields.map((f) => [f.field, f[k]])),
        }))
      : []),
  ]);

  const entry = (e: HistoryEntry) => {
    if (e.kind === 'import')
      return (
        <li key="import" data-testid="history-import" className="rounded-lg border border-line bg-panel p-4">
          <p className="font-semibold">{h('imported', { source: e.source_id })}</p>
          <p className="text-sm text-muted">
            <time dateTime={e.created_at}>{formatDateTime(e.created_at, locale, zone)}</time>
          </p>
        </li>
      );
    const fields = Object.entries(e.changes);
    // A deletion is undone by restoring the item; one that merged it into another cannot be. A
    // revision reverted already is undone again by reverting its revert (offered there).
    const revertible =
      admin &&
      !e.reverted_by &&
      (e.kind === 'edit' || e.kind === 'revert' || (e.kind === 'delete' && !Object.hasOwn(e.changes, 'merged_into')));
    const previewing = revertible && query.preview === e.id;
    return (
      <li key={e.id} id={`revision-${e.id}`} data-revision={e.id} data-kind={e.kind}>
        <article
          className="min-w-0 rounded-lg border border-line bg-panel p-4"
          aria-labelledby={`revision-${e.id}-title`}
        >
          <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h2 id={`revision-${e.id}-title`} className="text-lg font-semibold">
              {h(`kinds.${e.kind}`)}{' '}
              <span className="text-sm font-normal text-muted">{h('revision', { id: e.id })}</span>
            </h2>
            <time dateTime={e.created_at} className="text-sm text-muted">
              {formatDateTime(e.created_at, locale, zone)}
            </time>
          </header>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
            <RevisionUser label={h('author')} user={e.author} />
            {e.approved_by && e.approved_by.public_id !== e.author?.public_id ? (
              <RevisionUser label={h('approvedBy')} user={e.approved_by} />
            ) : null}
            {e.points ? <span>{h('points', { points: e.points })}</span> : null}
            {e.change_request ? <span>{h('changeRequest', { id: e.change_request })}</span> : null}
            {e.source ? <span data-testid="revision-source">{tx('historySource', { source: e.source })}</span> : null}
          </p>
          {e.reverts ? (
            <p className="mt-1 text-sm">
              <a href={`#revision-${e.reverts}`} className="underline">
                {h('reverts', { id: e.reverts })}
              </a>
            </p>
          ) : null}
          {e.reverted_by ? (
            <p className="mt-1 text-sm font-medium text-accent-strong" data-testid="reverted-by">
              <a href={`#revision-${e.reverted_by}`} className="underline">
                {h('revertedBy', { id: e.reverted_by })}
              </a>
            </p>
          ) : null}
          {fields.length ? (
            <div className="mt-2">
              <FieldDiffTable
                entity={entity}
                headers={[h('field'), h('before'), h('after')]}
                rows={fields.map(([field, { before, after }]) => ({
                  field,
                  label: fieldLabel(field),
                  values: [before, after],
                }))}
                words={valueWords}
                names={names}
              />
            </div>
          ) : null}
          {revertible && !previewing ? (
            <p className="mt-3">
              <Link href={`${withPreview(e.id)}#revision-${e.id}`} className="underline" data-action="preview-revert">
                {h('revert')}
              </Link>
            </p>
          ) : null}
          {previewing && preview ? (
            <section
              aria-labelledby={`revert-${e.id}`}
              className="mt-3 rounded-lg border border-accent p-3"
              data-testid="revert-preview"
            >
              <h3 id={`revert-${e.id}`} className="font-semibold">
                {h('previewTitle', { id: e.id })}
              </h3>
              {preview === 'not_revertible' ? (
                <p role="alert">{h('notRevertible')}</p>
              ) : (
                <>
                  <p className="mb-2 text-sm text-muted">{h('previewLead')}</p>
                  <div className="mb-3">
                    <FieldDiffTable
                      entity={entity}
                      headers={[h('field'), h('now'), h('afterRevert')]}
                      rows={preview.fields.map((f) => ({
                        field: f.field,
                        label: fieldLabel(f.field),
                        note: f.revertible
                          ? { text: h('restored'), strong: false }
                          : { text: h('leftAsIs'), strong: true },
                        values: [f.now, f.revertible ? f.before : f.now],
                        data: { 'data-revertible': f.revertible ? 'true' : 'false' },
                      }))}
                      words={valueWords}
                      names={names}
                    />
                  </div>
                  {preview.fields.some((f) => f.revertible) ? (
                    <RevertButton
                      endpoint={`/api/revisions/${encodeURIComponent(e.id)}/revert`}
                      href={base}
                      words={{ label: h('confirm'), failed: h('failed') }}
                    />
                  ) : (
                    <p>{h('nothingToRevert')}</p>
                  )}
                </>
              )}
              <p className="mt-2">
                <Link href={here} className="underline">
                  {h('cancel')}
                </Link>
              </p>
            </section>
          ) : null}
        </article>
      </li>
    );
  };

  return (
    <div data-testid="history-page">
      <PageHeading title={h('title', { name })} lead={h('lead')}>
        {(await entityItem(entity, publicId))?.deleted ? (
          <p className="mt-2 font-semibold" data-testid="history-deleted">
            {(await getTranslations({ locale, namespace: 'errors.gone' }))('title')}
          </p>
        ) : (
          <p className="mt-2">
            <Link href={`/${entity}/${publicId}`} className="underline">
              {h('back', { name })}
            </Link>
          </p>
        )}
      </PageHeading>
      {page.items.length ? (
        <ol className="space-y-4">{page.items.map(entry)}</ol>
      ) : (
        <p className="text-muted">{h('empty')}</p>
      )}
      <Pagination locale={locale} href={base} nextCursor={page.next_cursor} isFirstPage={!query.cursor} />
    </div>
  );
}

/** The props Next gives a history page. */
type HistoryRouteProps = {
  params: Promise<{ locale: string; publicId: string }>;
  searchParams: Promise<SearchParamsRecord>;
};

/**
 * The metadata function and page component of `/{entity}/{id}/history` (`?cursor=`; admins:
 * `?preview={revision}`), one pair for the four entities. The page files export them and their
 * own `dynamic = 'force-dynamic'` (route segment config must be a literal in the file).
 */
export function historyRoute(entity: CatalogueEntity) {
  return {
    generateMetadata: async ({ params }: HistoryRouteProps): Promise<Metadata> => {
      const { locale, publicId } = await params;
      return historyMetadata(locale, entity, publicId);
    },
    Page: async function Page({ params, searchParams }: HistoryRouteProps) {
      const { locale, publicId } = await params;
      setRequestLocale(locale);
      const sp = await searchParams;
      return (
        <HistoryPage
          locale={locale}
          entity={entity}
          publicId={publicId}
          query={{ cursor: firstParam(sp, 'cursor'), preview: firstParam(sp, 'preview') }}
        />
      );
    },
  };
}
