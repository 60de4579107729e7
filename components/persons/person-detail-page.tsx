import { itemNotFoundMetadata } from '@/components/listing/item-not-found';
import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { HistoryLink } from '@/components/history/history-link';
import { OwnChangesSlot } from '@/components/changes/own-changes-slot';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { SubpageTabs } from '@/components/listing/subpage-tabs';
import { ReleaseGrid } from '@/components/releases/release-card';
import { JsonLd } from '@/components/seo/json-ld';
import { getPerson, listPersonReleases } from '@/lib/data/persons';
import type { PersonDetail } from '@/lib/data/types';
import { AppError } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { Link, redirect } from '@/lib/i18n/navigation';
import { absoluteUrl, pageMetadata } from '@/lib/seo';
import { truncate } from '@/lib/text';
import { CREDIT_ROLES } from '@/lib/validation/enums';

export type PersonTab = 'overview' | 'releases';

/** A role's list of more titles than this runs in two columns on wide screens. */
const LONG_GROUP = 12;

/** Which person page: locale, the person's public id, the tab and (tab `releases`) a keyset cursor. */
export type PersonPageProps = { locale: string; publicId: string; tab: PersonTab; cursor?: string };

const loadPerson = cache((publicId: string) => getPerson(publicId));

async function personOr404(publicId: string): Promise<PersonDetail> {
  const person = await loadPerson(publicId);
  if (!person) notFound();
  return person;
}

/** Metadata of a person page: name, biography or generic description, canonical + alternates. */
export async function personMetadata({ locale, publicId, tab, cursor }: PersonPageProps): Promise<Metadata> {
  const person = await loadPerson(publicId);
  if (!person) return itemNotFoundMetadata(locale);
  const t = await getTranslations({ locale, namespace: 'persons.meta' });
  const base = tab === 'overview' ? `/person/${publicId}` : `/person/${publicId}/releases`;
  return pageMetadata({
    locale,
    path: cursor ? `${base}?cursor=${encodeURIComponent(cursor)}` : base,
    title: tab === 'overview' ? person.name : t('releases', { name: person.name }),
    description:
      tab === 'overview'
        ? truncate(person.biography) || t('description', { name: person.name })
        : t('releases', { name: person.name }),
  });
}

/**
 * A person page: name, dates, biography and the filmography grouped by role (links to the
 * movies, each with its number of releases linked to the movie's releases), or (tab `releases`) one keyset page of releases of the person's films.
 */
export async function PersonDetailPage({ locale, publicId, tab, cursor }: PersonPageProps) {
  const person = await personOr404(publicId);
  const t = await getTranslations({ locale, namespace: 'persons' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const tm = await getTranslations({ locale, namespace: 'movies' });
  const base = `/person/${person.public_id}`;
  let body;
  if (tab === 'overview') {
    const groups = CREDIT_ROLES.map((role) => ({
      role,
      credits: person.credits.filter((c) => c.role === role),
    })).filter((g) => g.credits.length);
    body = (
      <>
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'Person',
            name: person.name,
            url: absoluteUrl(locale, base),
          }}
        />
        {person.birthday || person.date_of_death ? (
          <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-3">
            {person.birthday ? (
              <>
                <dt className="text-muted">{t('born')}</dt>
                <dd>{formatDate(person.birthday, locale)}</dd>
              </>
            ) : null}
            {person.date_of_death ? (
              <>
                <dt className="text-muted">{t('died')}</dt>
                <dd>{formatDate(person.date_of_death, locale)}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {person.biography ? (
          <section className="mb-6">
            <h2 className="mb-2 text-xl font-bold">{t('biography')}</h2>
            <p className="max-w-3xl whitespace-pre-line">{person.biography}</p>
          </section>
        ) : null}
        <h2 className="mb-3 text-xl font-bold">{t('credits')}</h2>
        <div className="space-y-5" data-testid="person-credits">
          {groups.map((g) => (
            <section key={g.role} data-role={g.role}>
              <h3 className="mb-1 font-semibold">{te(`roles.${g.role}`)}</h3>
              <ul className={`space-y-0.5 ${g.credits.length > LONG_GROUP ? 'lg:columns-2 lg:gap-8' : ''}`}>
                {g.credits.map((c, i) => (
                  <li key={`${c.title.public_id}-${i}`} className="break-inside-avoid">
                    <Link
                      href={`/movie/${c.title.public_id}`}
                      prefetch={false}
                      className="underline decoration-line hover:text-accent-strong"
                    >
                      {c.title.name}
                    </Link>
                    {c.title.year ? <span className="text-muted"> ({c.title.year})</span> : null}
                    {c.title.release_count > 0 ? (
                      <>
                        <span className="text-muted"> · </span>
                        <Link
                          href={`/movie/${c.title.public_id}/releases`}
                          prefetch={false}
                          className="text-sm text-muted underline decoration-line hover:text-accent-strong"
                          data-testid="credit-releases"
                        >
                          {tm('releaseCount', { count: c.title.release_count })}
                        </Link>
                      </>
                    ) : null}
                    {c.character ? (
                      <span className="text-muted"> {tm('asCharacter', { character: c.character })}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </>
    );
  } else {
    let page;
    try {
      page = await listPersonReleases(person.public_id, { cursor: cursor || undefined });
    } catch (error) {
      if (cursor && error instanceof AppError && error.code === 'bad_cursor')
        redirect({ href: `${base}/releases`, locale });
      throw error;
    }
    const items = page?.items ?? [];
    const tl = await getTranslations({ locale, namespace: 'listing' });
    body = (
      <>
        <h2 className="mb-3 text-xl font-bold">{t('releasesHeading', { name: person.name })}</h2>
        {items.length ? (
          <ReleaseGrid releases={items} locale={locale} />
        ) : (
          <EmptyState title={tl('noResults')}>{t('releasesEmpty')}</EmptyState>
        )}
        <Pagination
          locale={locale}
          href={`${base}/releases`}
          nextCursor={page?.next_cursor ?? null}
          isFirstPage={!cursor}
        />
      </>
    );
  }
  return (
    <article data-testid="person-page" data-public-id={person.public_id}>
      <PageHeading title={person.name} lead={t('creditCount', { count: person.credit_count })} />
      <OwnChangesSlot entity="person" publicId={person.public_id} />
      <SubpageTabs
        label={t('tabs.label')}
        base={base}
        current={tab}
        tabs={[
          { id: 'overview', label: t('tabs.overview') },
          { id: 'releases', label: t('tabs.releases') },
        ]}
      />
      {body}
      <HistoryLink locale={locale} entity="person" publicId={person.public_id} />
    </article>
  );
}
