import { getTranslations } from 'next-intl/server';
import type { Messages } from 'next-intl';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format';
import { keyFromData } from '@/lib/i18n/keys';

/** Static pages whose texts live under `static.<page>` in the messages. */
export type StaticPageKey = 'privacy' | 'serviceInfo' | 'terms';

/** The last content change of the static pages (ISO date; shown with formatDate in the page's locale). */
export const STATIC_PAGES_UPDATED = '2026-12-01';

type Pages = Messages['static'];
type SectionId<P extends StaticPageKey> = Extract<keyof Pages[P]['sections'], string>;
/** Every `sections.{id}.{title|p1…}` key of the three pages (what `t` of `static.{page}` takes). */
type SectionKey = {
  [P in StaticPageKey]: {
    [S in SectionId<P>]: `sections.${S}.${Extract<keyof Pages[P]['sections'][S], string>}`;
  }[SectionId<P>];
}[StaticPageKey];

/** Sections in display order; each has `title` and paragraphs `p1`…`p4` in the messages. */
export const STATIC_PAGE_SECTIONS: { [P in StaticPageKey]: SectionId<P>[] } = {
  privacy: [
    'collect',
    'accounts',
    'content',
    'notifications',
    'cookies',
    'thirdParties',
    'deletion',
    'rights',
    'changes',
  ],
  serviceInfo: ['features', 'members', 'community', 'contributions', 'sources', 'accuracy', 'affiliate', 'trademarks'],
  terms: ['service', 'accounts', 'use', 'content', 'contributions', 'liability', 'law', 'changes'],
};

const PARAGRAPHS = ['p1', 'p2', 'p3', 'p4'] as const;

function external(href: string) {
  function ExternalLink(chunks: ReactNode) {
    return (
      <a href={href} rel="noopener" target="_blank">
        {chunks}
      </a>
    );
  }
  return ExternalLink;
}

/** Rich-text tags usable in static texts: attribution links for the data sources. */
const RICH_TAGS = {
  wikipedia: external('https://www.wikipedia.org/'),
  license: external('https://creativecommons.org/licenses/by-sa/4.0/'),
  tmdb: external('https://www.themoviedb.org/'),
  strong: (chunks: ReactNode) => <strong>{chunks}</strong>,
};

/** Server-rendered long-form page (privacy policy, service info, terms) from the `static` messages. */
export async function StaticPage({ locale, page }: { locale: string; page: StaticPageKey }) {
  const t = await getTranslations({ locale, namespace: `static.${page}` });
  const ts = await getTranslations({ locale, namespace: 'static' });
  const sections: string[] = STATIC_PAGE_SECTIONS[page];
  // Section ids are checked against the messages above; which paragraphs a section has is asked with t.has.
  const key = (id: string, part: 'title' | (typeof PARAGRAPHS)[number]) =>
    keyFromData<SectionKey>(`sections.${id}.${part}`);
  return (
    <article className="prose-page" data-testid={`static-${page}`}>
      <h1>{t('title')}</h1>
      <p className="text-sm text-muted">{ts('updated', { date: formatDate(STATIC_PAGES_UPDATED, locale) })}</p>
      <p className="text-lg">{t('intro')}</p>
      <nav aria-label={ts('contents')} className="my-6 rounded-lg border border-line bg-panel p-4">
        <p className="mb-2! text-sm font-semibold">{ts('contents')}</p>
        <ul className="mb-0!">
          {sections.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{t(key(id, 'title'))}</a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((id) => (
        <section key={id} aria-labelledby={id}>
          <h2 id={id} className="scroll-mt-20">
            {t(key(id, 'title'))}
          </h2>
          {PARAGRAPHS.filter((p) => t.has(key(id, p))).map((p) => (
            <p key={p}>{t.rich(key(id, p), RICH_TAGS)}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

/** Title and description metadata of a static page. */
export async function staticPageMetadata(locale: string, page: StaticPageKey) {
  const t = await getTranslations({ locale, namespace: `static.${page}` });
  return { title: t('title'), description: t('description') };
}
