import { getTranslations } from 'next-intl/server';
import type { ReleaseDetail } from '@/lib/data/types';
import { formatDuration } from '@/lib/format';
import { CensorshipHistory } from '@/components/movies/censorship-history';

/**
 * Cut and censorship block of a release: cut flag, total cut length (m:ss, "about" when
 * approximate), what was cut, censorship information, source, and the censorship decisions
 * linked to the release. Renders nothing for an uncut release without censorship data.
 */
export async function CutBlock({ release, locale }: { release: ReleaseDetail; locale: string }) {
  const hasData = release.is_cut || release.cut_details || release.censorship_info || release.censorship.length > 0;
  if (!hasData) return null;
  const t = await getTranslations({ locale, namespace: 'releases.cutBlock' });
  const length = release.cut_seconds != null ? formatDuration(release.cut_seconds) : null;
  return (
    <section
      className="mt-8 rounded-lg border-2 border-accent bg-accent-soft/40 p-4"
      aria-labelledby="cut-block"
      data-testid="cut-block"
    >
      <h2 id="cut-block" className="text-xl font-bold">
        {t('title')}
      </h2>
      {release.is_cut ? (
        <p className="mt-2 font-semibold">
          {t('isCut')}{' '}
          {length ? (
            <span data-testid="cut-length">
              {t('total', { length: release.cut_seconds_approx ? t('approx', { length }) : length })}
            </span>
          ) : null}
        </p>
      ) : null}
      {release.cut_details ? (
        <div className="mt-3">
          <h3 className="font-semibold">{t('details')}</h3>
          <p className="whitespace-pre-line">{release.cut_details}</p>
        </div>
      ) : null}
      {release.censorship_info ? (
        <div className="mt-3">
          <h3 className="font-semibold">{t('censorshipInfo')}</h3>
          <p className="whitespace-pre-line">{release.censorship_info}</p>
        </div>
      ) : null}
      {release.cut_source ? (
        <p className="mt-3 text-sm">
          {t('source')}:{' '}
          {/^https?:\/\//.test(release.cut_source) ? (
            <a href={release.cut_source} rel="noopener nofollow" target="_blank" className="underline">
              {release.cut_source}
            </a>
          ) : (
            release.cut_source
          )}
        </p>
      ) : null}
      <CensorshipHistory events={release.censorship} locale={locale} headingLevel={3} />
    </section>
  );
}
