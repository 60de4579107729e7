import { getTranslations } from 'next-intl/server';
import type { TitleDetail } from '@/lib/data/types';

/**
 * A movie's plot (quoted from Wikipedia, with the CC BY-SA attribution) and synopsis; nothing
 * when it has neither.
 */
export async function MoviePlot({ title, locale }: { title: TitleDetail; locale: string }) {
  if (!title.plot && !title.synopsis) return null;
  const t = await getTranslations({ locale, namespace: 'movies' });
  return (
    <section className="mt-6" aria-labelledby="plot">
      <h2 id="plot" className="mb-2 text-xl font-bold">
        {t('plot')}
      </h2>
      {title.plot ? (
        <blockquote
          cite={title.wikipedia_url ?? undefined}
          lang={title.wikipedia_url ? 'en' : undefined}
          className="max-w-3xl whitespace-pre-line"
          data-testid="plot"
        >
          {title.plot}
        </blockquote>
      ) : null}
      {title.plot && title.wikipedia_url ? (
        <p className="mt-1 text-sm text-muted" data-testid="wikipedia-attribution">
          {t.rich('wikipedia', {
            link: (chunks) => (
              <a href={title.wikipedia_url!} rel="noopener" target="_blank" className="underline">
                {chunks}
              </a>
            ),
            license: (chunks) => (
              <a
                href="https://creativecommons.org/licenses/by-sa/4.0/"
                rel="license noopener"
                target="_blank"
                className="underline"
              >
                {chunks}
              </a>
            ),
          })}
        </p>
      ) : null}
      {title.synopsis ? (
        <>
          <h3 className="mt-4 font-semibold">{t('synopsis')}</h3>
          <p className="max-w-3xl whitespace-pre-line">{title.synopsis}</p>
        </>
      ) : null}
    </section>
  );
}
