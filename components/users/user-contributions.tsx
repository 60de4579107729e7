import { getTranslations } from 'next-intl/server';
import type { AmendField, AmendFormProps } from '@/components/changes/amend-form';
import { ChangeControlsLoader } from '@/components/changes/loaders';
import { changeTargetHref } from '@/components/changes/change-href';
import { RevertButton } from '@/components/history/revert-button';
import { EmptyState } from '@/components/listing/empty-state';
import { Pagination } from '@/components/listing/pagination';
import type { ChangeRequestListItem } from '@/lib/data/change-requests';
import type { ContributionItem, ScoreLine } from '@/lib/data/contributions';
import type { PublicUser } from '@/lib/data/users';
import { formatDayOf, formatNumber } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { siteTimeZone } from '@/lib/time-zone';
import {
  COLUMN_FIELDS,
  CONTRIBUTION_POINTS,
  type CatalogueEntity,
  type ColumnKind,
  type RevisionKind,
} from '@/lib/validation/catalogue-fields';
import { SHORT_TEXT_MAX, textMax } from '@/lib/validation/catalogue-rules';
import { CHANGE_NOTE_MAX, CHANGE_SOURCE_MAX } from '@/lib/validation/limits';
import { isMediaEntity, MEDIA_FIELD_KINDS, MEDIA_FIELDS, MEDIA_NEW_ONLY } from '@/lib/validation/media-fields';

/** The word of a contribution's kind (a revert counts as an edit). */
function contributionKind(kind: RevisionKind): 'create' | 'edit' | 'delete' | 'merge' {
  return kind === 'create' || kind === 'delete' || kind === 'merge' ? kind : 'edit';
}

const ENTITY_PATH: Record<CatalogueEntity, string> = {
  movie: 'movie',
  release: 'release',
  person: 'person',
  label: 'label',
};

/** Translated names of changed fields, joined. */
async function fieldNames(fields: string[], locale: string): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'changes.fields' });
  return fields.map((f) => (t.has(f as 'name') ? t(f as 'name') : f)).join(', ');
}

/** Column kinds the amendment form edits (lists and links to other entries are kept as sent). */
const AMENDABLE: ReadonlySet<ColumnKind> = new Set(['text', 'int', 'numeric', 'date', 'bool']);

/** The amendment form's input for a pending request: its plain proposed values with their labels, note, source, texts. */
async function amendProps(r: ChangeRequestListItem, locale: string): Promise<Omit<AmendFormProps, 'onClose'>> {
  const tf = await getTranslations({ locale, namespace: 'changes.fields' });
  const tr = await getTranslations({ locale, namespace: 'changes' });
  const fields: AmendField[] = [];
  for (const [name, change] of Object.entries(r.changes)) {
    const def = isMediaEntity(r.entity)
      ? MEDIA_FIELDS[r.entity].includes(name) && !MEDIA_NEW_ONLY[r.entity].includes(name)
        ? { kind: MEDIA_FIELD_KINDS[name] }
        : undefined
      : COLUMN_FIELDS[r.entity][name];
    if (!def || !AMENDABLE.has(def.kind)) continue;
    const v = change.after;
    fields.push({
      name,
      label: tf.has(name as 'name') ? tf(name as 'name') : name,
      kind: def.kind,
      value: v == null ? '' : String(v),
      max: def.kind === 'text' ? textMax(name) : SHORT_TEXT_MAX,
    });
  }
  return {
    publicId: r.public_id,
    fields,
    note: r.note ?? '',
    source: r.source ?? '',
    noteMax: CHANGE_NOTE_MAX,
    sourceMax: CHANGE_SOURCE_MAX,
    words: {
      note: tr('request.note'),
      source: tr('request.source'),
      save: tr('amend.save'),
      cancel: tr('actions.cancel'),
      yes: tr('request.yes'),
      no: tr('request.no'),
    },
  };
}

/**
 * /user/{id}/contributions: the member's approved catalogue contributions newest first (what,
 * which fields, the points, when) in keyset pages, and for the member themselves their own
 * suggestions still waiting for approval ("awaiting approval"), the way only they see them, each
 * with "Amend" and "Withdraw" (anchored `#change-{id}`, where an item page's notice links); admins
 * get a button reverting all of the member's edits.
 */
export async function UserContributions({
  user,
  locale,
  href,
  cursor,
  page,
  pending,
  adminRevert = false,
}: {
  user: PublicUser;
  locale: string;
  href: string;
  cursor: string;
  page: { items: ContributionItem[]; next_cursor: string | null };
  /** The viewer's own pending suggestions (on their own page), else null. */
  pending: ChangeRequestListItem[] | null;
  /** The viewer is an admin: a button reverts all of the member's edits (`POST /api/users/{id}/revert_contributions`). */
  adminRevert?: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'users' });
  const tc = await getTranslations({ locale, namespace: 'changes' });
  const zone = siteTimeZone();
  return (
    <div className="flex flex-col gap-6">
      {adminRevert ? (
        <section aria-label={tc('history.memberRevert')} data-testid="member-revert">
          <RevertButton
            endpoint={`/api/users/${encodeURIComponent(user.public_id)}/revert_contributions`}
            words={{
              label: tc('history.memberRevert'),
              question: tc('history.memberRevertConfirm', { name: user.name }),
              yes: tc('history.memberRevertYes'),
              no: tc('history.cancel'),
              done: tc('history.memberReverted'),
              failed: tc('history.failed'),
            }}
          />
        </section>
      ) : null}
      {pending?.length ? (
        <section aria-labelledby="own-suggestions">
          <h2 id="own-suggestions" className="text-lg font-semibold">
            {t('contributionList.pending')}
          </h2>
          <p className="mb-2 text-sm text-muted">{t('contributionList.pendingLead')}</p>
          <ul className="divide-y divide-line rounded-lg border border-line bg-panel">
            {await Promise.all(
              pending.map(async (r) => (
                <li
                  key={r.public_id}
                  id={`change-${r.public_id}`}
                  className="scroll-mt-20 px-4 py-2 target:bg-accent-soft/40"
                  data-testid="own-suggestion"
                  data-change-request={r.public_id}
                >
                  <p>
                    <span className="font-medium">
                      {t('contributionList.entry', { kind: tc(`kinds.${r.kind}`), entity: tc(`entities.${r.entity}`) })}
                    </span>{' '}
                    {r.entity_public_id ? (
                      <Link
                        href={changeTargetHref({ ...r, entity_public_id: r.entity_public_id })}
                        className="underline"
                      >
                        {r.entity_name ?? r.entity_public_id}
                      </Link>
                    ) : (
                      String(r.changes.name?.after ?? '')
                    )}{' '}
                    <span className="rounded bg-accent-soft px-2 text-sm">{tc(`states.${r.status}`)}</span>
                  </p>
                  <p className="text-sm text-muted">
                    {t('contributionList.fields', {
                      fields: await fieldNames(
                        Object.keys(r.changes).filter((f) => f !== 'duplicate_of'),
                        locale,
                      ),
                    })}
                  </p>
                  <ChangeControlsLoader amend={await amendProps(r, locale)} />
                </li>
              )),
            )}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="approved-contributions">
        <h2 id="approved-contributions" className="mb-2 text-lg font-semibold">
          {t('contributionList.approved')}
        </h2>
        {page.items.length ? (
          <ul className="divide-y divide-line rounded-lg border border-line bg-panel">
            {await Promise.all(
              page.items.map(async (c, i) => (
                <li
                  key={`${c.created_at}-${i}`}
                  className="flex flex-wrap items-baseline gap-x-3 px-4 py-2"
                  data-testid="contribution"
                >
                  <span className="font-medium">
                    {t('contributionList.entry', {
                      kind: t(`contributionList.kinds.${contributionKind(c.kind)}`),
                      entity: tc(`entities.${c.entity}`),
                    })}
                  </span>
                  {c.public_id ? (
                    <Link
                      href={`/${c.item_type ?? (isMediaEntity(c.entity) ? 'release' : ENTITY_PATH[c.entity])}/${c.public_id}`}
                      className="underline"
                    >
                      {c.name}
                    </Link>
                  ) : (
                    <span className="text-muted">{t('contributionList.gone')}</span>
                  )}
                  <span className="text-sm text-muted">
                    {t('contributionList.fields', { fields: await fieldNames(c.fields, locale) })}
                  </span>
                  {c.undone ? (
                    <span className="text-sm font-medium text-accent-strong" data-testid="contribution-reverted">
                      {t('contributionList.reverted')}
                    </span>
                  ) : (
                    <span className="text-sm">{t('contributionList.points', { points: c.points })}</span>
                  )}
                  <time className="ml-auto text-sm text-muted" dateTime={c.created_at}>
                    {formatDayOf(c.created_at, locale, zone)}
                  </time>
                </li>
              )),
            )}
          </ul>
        ) : (
          <EmptyState title={t('tabs.contributions')}>{t('tabEmpty.contributions', { name: user.name })}</EmptyState>
        )}
        <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
      </section>
    </div>
  );
}

/**
 * /user/{id}/score: the member's points, the approved contributions by kind with the points each
 * group earned, and how points are earned (lib/validation/catalogue-fields.ts CONTRIBUTION_POINTS).
 */
export async function UserScore({
  user,
  locale,
  score,
}: {
  user: PublicUser;
  locale: string;
  score: { points: number; lines: ScoreLine[] };
}) {
  const t = await getTranslations({ locale, namespace: 'users' });
  const tc = await getTranslations({ locale, namespace: 'changes' });
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <p className="text-sm" data-testid="score-text">
        {t('scoreText', { name: user.name, count: score.points })}
      </p>
      {score.lines.length ? (
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left text-lg font-semibold">{t('scoreTable.heading')}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-1 pr-3">
                {t('scoreTable.kind')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t('scoreTable.count')}
              </th>
              <th scope="col" className="py-1 text-right">
                {t('scoreTable.points')}
              </th>
            </tr>
          </thead>
          <tbody>
            {score.lines.map((l) => (
              <tr key={`${l.kind}-${l.entity}`} className="border-b border-line">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {t('scoreTable.line', {
                    kind: t(`contributionList.kinds.${contributionKind(l.kind)}`),
                    entity: tc(`entities.${l.entity}`),
                  })}
                </th>
                <td className="py-1 pr-3 text-right">{formatNumber(l.count, locale)}</td>
                <td className="py-1 text-right">{formatNumber(l.points, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <section aria-labelledby="how-points">
        <h2 id="how-points" className="font-semibold">
          {t('scoreTable.howHeading')}
        </h2>
        <p className="text-sm">
          {t('scoreTable.how', {
            release: CONTRIBUTION_POINTS.new.release,
            movie: CONTRIBUTION_POINTS.new.movie,
            person: CONTRIBUTION_POINTS.new.person,
            duplicate: CONTRIBUTION_POINTS.duplicate,
            editMax: CONTRIBUTION_POINTS.editMax,
            delete: CONTRIBUTION_POINTS.delete,
          })}
        </p>
      </section>
    </div>
  );
}
