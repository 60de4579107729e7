import { getTranslations } from 'next-intl/server';
import { localePath } from '@/lib/seo';

/** Plain GET search form (`?q=`) for a list page; works without JavaScript. */
export async function SearchForm({ locale, path, q }: { locale: string; path: string; q: string }) {
  const t = await getTranslations({ locale, namespace: 'listing' });
  return (
    <form action={localePath(locale, path)} method="get" role="search" className="mb-5 flex max-w-md gap-2">
      <label className="sr-only" htmlFor="list-q">
        {t('searchLabel')}
      </label>
      <input
        id="list-q"
        name="q"
        type="search"
        defaultValue={q}
        placeholder={t('searchLabel')}
        className="min-w-0 flex-1 rounded-lg border border-line bg-panel px-3 py-2"
      />
      <button type="submit" className="rounded-lg bg-accent px-4 py-2 font-medium text-white hover:bg-accent-hover">
        {t('searchButton')}
      </button>
    </form>
  );
}
