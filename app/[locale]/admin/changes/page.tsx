import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ChangeDecision, type DecisionWords } from '@/components/admin/change-decision';
import { changeTargetHref } from '@/components/changes/change-href';
import { QueueKeyboard } from '@/components/admin/queue-keyboard';
import { FieldDiffTable } from '@/components/history/field-diff-table';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { currentActor } from '@/lib/auth/session';
import { canModerate } from '@/lib/auth/policies';
import { refNamesOfValues } from '@/lib/data/catalogue-form';
import { listChangeRequests, reviewChangeRequest, type ChangeReview } from '@/lib/data/change-requests';
import { AppError } from '@/lib/errors';
import { formatAge } from '@/lib/format';
import { Link, redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { MediaPreviewBox } from '@/components/admin/media-preview';
import { CHANGE_KINDS, type ChangeKind } from '@/lib/validation/catalogue-fields';
import { CHANGE_ENTITIES, type ChangeEntity } from '@/lib/validation/changes';
import { isMediaEntity } from '@/lib/validation/media-fields';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'changes.queue' });
  return pageMetadata({
    locale,
    path: '/admin/changes',
    title: t('title'),
    description: t('description'),
    noindex: true,
  });
}

/**
 * /admin/changes (admins only; 404 to everyone else): the pending change requests oldest first
 * with their age, filtered by `entity`, `kind` and `user` (author's public id), 24 a page
 * (`?cursor=`). Each shows who suggested it, the note and source, the flags (changed since,
 * barcode already known, likely duplicate, no source) and a table of each field as suggested
 * against, now and proposed; a field changed since is marked and needs the admin's choice.
 * Approve and discard (with a reason) act through the API; j/k/a/d drive it from the keyboard.
 * Data: lib/data/change-requests.ts listChangeRequests, reviewChangeRequest.
 */
export default async function ChangeQueuePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await currentActor();
  if (!canModerate(actor)) notFound();
  const sp = await searchParams;
  const entity = CHANGE_ENTITIES.find((e) => e === firstParam(sp, 'entity')) ?? null;
  const kind = CHANGE_KINDS.find((k) => k === firstParam(sp, 'kind')) ?? null;
  const user = firstParam(sp, 'user') || null;
  const cursor = firstParam(sp, 'cursor') || null;
  const query = new URLSearchParams();
  if (entity) query.set('entity', entity);
  if (kind) query.set('kind', kind);
  if (user) query.set('user', user);
  const href = `/admin/changes${query.size ? `?${query}` : ''}`;
  let page;
  try {
    page = await listChangeRequests(actor, { status: 'pending', entity, kind, user }, { cursor });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') return redirect({ href, locale });
    throw error;
  }
  const reviews = (await Promise.all(page.items.map((r) => reviewChangeRequest(actor, r.public_id)))).filter(
    (r): r is ChangeReview => r !== null,
  );
  // The names of the movies, persons and labels the values refer to by public id.
  const names = await refNamesOfValues(
    reviews.flatMap(({ request, fields }) => {
      const e = request.entity;
      return isMediaEntity(e)
        ? []
        : (['before', 'now', 'proposed'] as const).map((k) => ({
            entity: e,
            values: Object.fromEntries(fields.map((f) => [f.field, f[k]])),
          }));
    }),
  );
  const t = await getTranslations({ locale, namespace: 'changes' });
  const words: DecisionWords = {
    approve: t('actions.approve'),
    discard: t('actions.discard'),
    reason: t('actions.reason'),
    confirmDiscard: t('actions.confirmDiscard'),
    cancel: t('actions.cancel'),
    approved: t('actions.approved'),
    discarded: t('actions.discarded'),
    failed: t('actions.failed'),
    conflict: t('actions.conflict'),
    reasonRequired: (await getTranslations({ locale, namespace: 'forms' }))('required'),
    keepCurrent: t('request.keepCurrent'),
    takeProposed: t('request.takeProposed'),
  };
  const valueWords = { empty: t('request.empty'), yes: t('request.yes'), no: t('request.no') };
  const fieldLabel = (field: string) => {
    const key = `fields.${field}` as 'fields.name';
    return t.has(key) ? t(key) : field;
  };
  // A picture's or video's type shows by its name.
  const te = await getTranslations({ locale, namespace: 'enums' });
  const shownValue = (e: ChangeEntity, field: string, value: unknown): unknown =>
    field === 'type' && typeof value === 'number' && (e === 'picture' || e === 'video')
      ? te(`${e === 'picture' ? 'pictureTypes' : 'videoTypes'}.${value}` as 'pictureTypes.1')
      : value;
  const filterLink = (params: { entity?: ChangeEntity | null; kind?: ChangeKind | null }) => {
    const q = new URLSearchParams();
    const e = params.entity === undefined ? entity : params.entity;
    const k = params.kind === undefined ? kind : params.kind;
    if (e) q.set('entity', e);
    if (k) q.set('kind', k);
    if (user) q.set('user', user);
    return `/admin/changes${q.size ? `?${q}` : ''}`;
  };
  const chip = (active: boolean) =>
    `rounded-full border px-3 py-1 text-sm ${active ? 'border-accent bg-accent-soft font-semibold' : 'border-line'}`;

  return (
    <div>
      <PageHeading title={t('queue.title')} lead={t('queue.description')}>
        <p className="mt-2 text-sm text-muted">{t('queue.keyboard')}</p>
        <p className="mt-2">
          <Link href="/admin/import" className="underline">
            {t('queue.importLink')}
          </Link>
        </p>
      </PageHeading>
      <nav aria-label={t('queue.filters')} className="mb-4 space-y-2">
        <div className="flex flex-wrap gap-2">
          <Link
            href={filterLink({ entity: null })}
            className={chip(!entity)}
            aria-current={!entity ? 'true' : undefined}
          >
            {t('queue.allEntities')}
          </Link>
          {CHANGE_ENTITIES.map((e) => (
            <Link
              key={e}
              href={filterLink({ entity: e })}
              className={chip(entity === e)}
              aria-current={entity === e ? 'true' : undefined}
            >
              {t(`entitiesPlural.${e}`)}
            </Link>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href={filterLink({ kind: null })} className={chip(!kind)} aria-current={!kind ? 'true' : undefined}>
            {t('queue.allKinds')}
          </Link>
          {CHANGE_KINDS.filter((k) => k !== 'delete').map((k) => (
            <Link
              key={k}
              href={filterLink({ kind: k })}
              className={chip(kind === k)}
              aria-current={kind === k ? 'true' : undefined}
            >
              {t(`kinds.${k}`)}
            </Link>
          ))}
        </div>
      </nav>
      {reviews.length ? (
        <ol className="space-y-4">
          {reviews.map(({ request, fields, flags, media }) => {
            const age = page.items.find((i) => i.public_id === request.public_id)?.age_seconds ?? 0;
            const target = request.entity_public_id;
            return (
              <li key={request.public_id}>
                <article
                  data-change-request={request.public_id}
                  tabIndex={-1}
                  className="rounded-lg border border-line bg-panel p-4 focus:outline-2 focus:outline-focus"
                  aria-labelledby={`change-${request.public_id}`}
                >
                  <header className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                    <h2 id={`change-${request.public_id}`} className="text-lg font-semibold">
                      {t('request.heading', {
                        kind: t(`kinds.${request.kind}`),
                        entity: t(`entities.${request.entity}`),
                      })}
                      {target ? (
                        <>
                          {' '}
                          <Link href={changeTargetHref({ ...request, entity_public_id: target })} className="underline">
                            {request.entity_name ?? target}
                          </Link>
                        </>
                      ) : request.changes.name ? (
                        ` ${String(request.changes.name.after)}`
                      ) : null}
                    </h2>
                    <p className="text-sm text-muted">
                      <Link href={`/user/${request.author.public_id}`} className="underline">
                        {t('request.by', { name: request.author.name })}
                      </Link>
                      {' · '}
                      {t('request.age', { age: formatAge(age, locale) })}
                    </p>
                  </header>
                  <ul className="mb-2 flex flex-wrap gap-2 text-sm" aria-label={t('queue.filters')}>
                    {flags.stale ? <li className="rounded bg-accent-soft px-2">{t('flags.stale')}</li> : null}
                    {flags.barcode_known ? (
                      <li className="rounded bg-accent-soft px-2">
                        <Link href={`/release/${flags.barcode_known}`}>{t('flags.barcodeKnown')}</Link>
                      </li>
                    ) : null}
                    {flags.likely_duplicate ? (
                      <li className="rounded bg-accent-soft px-2">
                        <Link href={`/release/${flags.likely_duplicate}`}>{t('flags.likelyDuplicate')}</Link>
                      </li>
                    ) : null}
                    {flags.no_source ? <li className="rounded bg-paper px-2">{t('flags.noSource')}</li> : null}
                    {flags.in_use != null ? (
                      <li
                        className={`rounded px-2 ${flags.in_use ? 'bg-accent-soft' : 'bg-paper'}`}
                        data-testid="in-use"
                      >
                        {t('delete.inUse', { count: flags.in_use })}
                      </li>
                    ) : null}
                  </ul>
                  {media ? (
                    <MediaPreviewBox
                      media={media}
                      labels={{ item: t(`entities.${media.item.type}`), play: t('request.watchVideo') }}
                    />
                  ) : null}
                  {request.note ? (
                    <p className="mb-1">
                      <span className="font-medium">{t('request.note')}:</span> {request.note}
                    </p>
                  ) : null}
                  {request.source ? (
                    <p className="mb-2">
                      <span className="font-medium">{t('request.source')}:</span> {request.source}
                    </p>
                  ) : null}
                  {request.kind === 'delete' ? (
                    <p className="mb-3 font-medium" data-testid="deletion-summary">
                      {typeof request.changes.merged_into?.after === 'string'
                        ? t.rich('delete.queueMerge', {
                            target: request.changes.merged_into.after,
                            link: (chunks) => (
                              <Link
                                href={`/${request.entity}/${String(request.changes.merged_into?.after)}`}
                                className="underline"
                              >
                                {chunks}
                              </Link>
                            ),
                          })
                        : t('delete.queueDelete')}
                    </p>
                  ) : (
                    <div className="mb-3">
                      <FieldDiffTable
                        entity={request.entity}
                        headers={[t('request.field'), t('request.then'), t('request.now'), t('request.proposed')]}
                        rows={fields.map((f) => ({
                          field: f.field,
                          label: fieldLabel(f.field),
                          note: f.stale ? { text: t('request.changedSince'), strong: true } : undefined,
                          values: [f.before, f.now, f.proposed].map((v) => shownValue(request.entity, f.field, v)),
                          strong: f.stale ? 1 : undefined,
                          data: { 'data-stale': f.stale ? 'true' : undefined },
                        }))}
                        words={valueWords}
                        names={names}
                      />
                    </div>
                  )}
                  <ChangeDecision
                    publicId={request.public_id}
                    staleFields={fields
                      .filter((f) => f.stale)
                      .map((f) => ({ field: f.field, label: fieldLabel(f.field) }))}
                    words={words}
                  />
                </article>
              </li>
            );
          })}
        </ol>
      ) : (
        <EmptyState title={t('queue.emptyTitle')}>{t('queue.empty')}</EmptyState>
      )}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
      <QueueKeyboard />
    </div>
  );
}
