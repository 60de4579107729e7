import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { OwnChangesNoticeLoader } from '@/components/changes/loaders';
import { currentActor } from '@/lib/auth/session';
import { getSuggestedRelease } from '@/lib/data/change-requests';
import { getRelease } from '@/lib/data/releases';
import { Link, redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { CutBlock } from './cut-block';
import { ReleaseHeading } from './release-detail-page';
import { ReleaseFields } from './release-fields';
import { MoviesAside } from './tabs/movies-aside';

/** Metadata of `/release/{id}/suggestion`: never indexed (only its author and admins see it). */
export async function suggestedReleaseMetadata(locale: string, publicId: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'changes.suggestedRelease' });
  return pageMetadata({
    locale,
    path: `/release/${publicId}/suggestion`,
    title: t('metaTitle'),
    description: t('lead'),
    noindex: true,
  });
}

/**
 * `/release/{id}/suggestion`: a suggested release (new or duplicate) before approval, for the
 * request's author and admins (lib/data/change-requests.ts getSuggestedRelease), rendered per
 * request and never cached (the public `/release/{id}` of an unapproved release is the 404 page
 * for everyone, since the cached item pages read no session). Its fields and movies under the
 * notice that it awaits approval: the author can withdraw it (the release goes with it; then the
 * contributions page) or open it on the contributions page to amend; an admin gets the link to it
 * in the queue. Anyone else, and an unknown id, get the 404 page; once approved the release's own
 * page takes over (redirect).
 */
export async function SuggestedReleasePage({ locale, publicId }: { locale: string; publicId: string }) {
  const actor = await currentActor();
  const found = await getSuggestedRelease(actor, publicId);
  if (!found) {
    if (await getRelease(publicId)) redirect({ href: `/release/${publicId}`, locale });
    notFound();
  }
  const { release, request } = found;
  const own = actor?.publicId === request.author.public_id;
  const t = await getTranslations({ locale, namespace: 'changes.suggestedRelease' });
  const queue = `/admin/changes?${new URLSearchParams({ entity: 'release', kind: request.kind, user: request.author.public_id })}`;
  return (
    <article data-testid="release-page" data-public-id={release.public_id} data-suggested="true">
      <header className="mb-4">
        <ReleaseHeading release={release} locale={locale} />
        <p className="mt-2 text-sm text-muted">{t('lead')}</p>
      </header>
      {own && actor ? (
        <OwnChangesNoticeLoader
          changes={[
            {
              public_id: request.public_id,
              entity: 'release',
              kind: request.kind,
              entity_public_id: release.public_id,
            },
          ]}
          userPublicId={actor.publicId}
          leaveTo={`/user/${actor.publicId}/contributions`}
        />
      ) : (
        <p className="mb-4 rounded-lg border border-accent bg-accent-soft/40 px-4 py-3" data-testid="suggestion-admin">
          {t('author', { name: request.author.name })}{' '}
          <Link href={queue} className="text-accent-strong underline">
            {t('queueLink')}
          </Link>
        </p>
      )}
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div>
          <ReleaseFields release={release} locale={locale} />
          <CutBlock release={release} locale={locale} />
        </div>
        <div>
          <MoviesAside release={release} locale={locale} />
        </div>
      </div>
    </article>
  );
}
