import 'server-only';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { itemNotFoundMetadata } from '@/components/listing/item-not-found';
import { PageHeading } from '@/components/listing/page-heading';
import { currentActor } from '@/lib/auth/session';
import { tmdbConfig } from '@/lib/external/tmdb';
import { Link } from '@/lib/i18n/navigation';
import { canModerate } from '@/lib/auth/policies';
import { catalogueFormSource, refNames } from '@/lib/data/catalogue-form';
import { getMovieRedirect } from '@/lib/data/movie-redirects';
import { routing } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo';
import { formEntity, type CatalogueForm } from '@/lib/validation/catalogue-form';
import { EXTERNAL_IMPORT_TYPES } from '@/lib/validation/external-import';
import { isPublicId } from '@/lib/validation/listing';
import { CatalogueFormLoader, ImportRequestLoader } from './catalogue-form-loader';
import { catalogueFormLabels } from './form-labels';
import type { ImportRequestWords } from './import-request-form';
import { LoginGate } from '@/components/account/login-gate';

/** How a form page uses its item: none (a new item), the item edited or duplicated, or the movie a new release is of. */
export type FormMode = 'new' | 'edit' | 'duplicate' | 'newOf';

type Params = Promise<{ locale: string; publicId?: string }>;

/** The page's path within its locale: `/releases/new`, `/movie/{id}/edit/crew`, … */
function formPath(form: CatalogueForm, mode: FormMode, publicId?: string): string {
  if (mode === 'newOf') return `/movie/${publicId}/releases/new`;
  if (mode === 'new') return form === 'person' ? '/persons/new' : `/${form}s/new`;
  const entity = formEntity(form);
  const tail = form === 'movie_crew' ? 'edit/crew' : form === 'movie_connections' ? 'edit/connections' : mode;
  return `/${entity}/${publicId}/${tail}`;
}

/** The item a page edits, duplicates or adds a release to, for the actor (read once per request). */
const sourceOf = cache(async (form: CatalogueForm, mode: FormMode, publicId: string | undefined) => {
  if (mode === 'new') return null;
  if (!publicId || !isPublicId(publicId)) return 'missing' as const;
  const entity = mode === 'newOf' ? 'movie' : formEntity(form);
  return (await catalogueFormSource(await currentActor(), entity, publicId)) ?? ('missing' as const);
});

/** The page title: "Suggest a new release", "Edit {name}", "Duplicate the release {name}", … */
async function titleOf(locale: string, form: CatalogueForm, mode: FormMode, name: string): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'catalogueForm.titles' });
  const key =
    mode === 'newOf'
      ? 'releaseNewOf'
      : mode === 'new'
        ? `${form}New`
        : mode === 'duplicate'
          ? 'releaseDuplicate'
          : `${form}Edit`;
  return t(key as 'releaseNew', { name });
}

/**
 * One catalogue form route: its metadata (not indexed) and page. The page is rendered
 * per request (the route files export `dynamic = 'force-dynamic'`), for members: the form with the
 * item's values (an edit, a duplicate) or empty (a new item; a new release of a movie has the
 * movie chosen). Visitors get 'You must be logged in to use this feature' with the login dialog,
 * and the form once logged in. An unknown item answers 404; a merged movie's old id redirects to
 * the same form of the movie it was merged into.
 */
/**
 * Above the new-movie form when the import from the external movie database is on: a member asks
 * an admin to import the movie by its IMDb id; an admin gets the link to the import page.
 */
async function importRequest(locale: string, admin: boolean) {
  const t = await getTranslations({ locale, namespace: 'externalImport' });
  if (admin)
    return (
      <p className="mb-6">
        <Link href="/admin/import" className="underline">
          {t('request.adminLink')}
        </Link>
      </p>
    );
  const te = await getTranslations({ locale, namespace: 'enums' });
  const words: ImportRequestWords = {
    title: t('request.title'),
    intro: t('request.intro'),
    imdbId: t('request.imdbId'),
    imdbIdHint: t('request.imdbIdHint'),
    type: t('request.type'),
    submit: t('request.submit'),
    sent: t('request.sent'),
  };
  const types = EXTERNAL_IMPORT_TYPES.map((id): [string, string] => [
    String(id),
    te(`movieTypes.${id}` as 'movieTypes.1'),
  ]);
  return <ImportRequestLoader words={words} types={types} />;
}

export function catalogueFormRoute(form: CatalogueForm, mode: FormMode) {
  async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
    const { locale, publicId } = await params;
    const source = await sourceOf(form, mode, publicId);
    if (source === 'missing') return itemNotFoundMetadata(locale);
    const title = await titleOf(locale, form, mode, source?.name ?? '');
    const t = await getTranslations({ locale, namespace: 'catalogueForm' });
    return pageMetadata({
      locale,
      path: formPath(form, mode, publicId),
      title,
      description: t('intro'),
      noindex: true,
    });
  }

  /**
   * @param prefill values a new item's form starts with (the scanner's barcode); ignored for an
   *   edit or a duplicate, which start from the item
   */
  async function Page({ params, prefill }: { params: Params; prefill?: Record<string, unknown> }) {
    const { locale, publicId } = await params;
    setRequestLocale(locale);
    const source = await sourceOf(form, mode, publicId);
    if (source === 'missing') {
      const target = formEntity(form) === 'movie' || mode === 'newOf' ? await getMovieRedirect(publicId ?? '') : null;
      if (target) {
        const prefix = locale === routing.defaultLocale ? '' : `/${locale}`;
        permanentRedirect(`${prefix}${formPath(form, mode, target)}`);
      }
      notFound();
    }
    const actor = await currentActor();
    const t = await getTranslations({ locale, namespace: 'catalogueForm' });
    const title = await titleOf(locale, form, mode, source?.name ?? '');
    if (!actor)
      return (
        <div>
          <PageHeading title={title} />
          <LoginGate text={t('loginIntro')} button={t('login')} />
        </div>
      );
    const entityMode = mode === 'newOf' ? 'new' : mode;
    // A new release of a movie starts with the movie chosen.
    const values =
      mode === 'newOf'
        ? { ...prefill, movies: [source!.publicId] }
        : mode === 'new'
          ? { ...prefill }
          : (source?.values ?? {});
    const refs =
      mode === 'newOf' ? await refNames({ movies: [source!.publicId], persons: [], labels: [] }) : (source?.refs ?? {});
    const lead = [canModerate(actor) ? t('adminIntro') : t('intro'), mode === 'duplicate' ? t('duplicateIntro') : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div>
        <PageHeading title={title} lead={lead} />
        {form === 'movie' && mode === 'new' && tmdbConfig() ? await importRequest(locale, canModerate(actor)) : null}
        <CatalogueFormLoader
          form={form}
          mode={entityMode}
          target={entityMode === 'new' ? undefined : source!.publicId}
          values={values}
          refs={refs}
          labels={await catalogueFormLabels(locale, form)}
          after={{ contributions: `/user/${actor.publicId}/contributions` }}
        />
      </div>
    );
  }

  return { generateMetadata, Page };
}
