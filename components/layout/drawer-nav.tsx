import { useLocale, useTranslations } from 'next-intl';
import { Suspense } from 'react';
import { Link } from '@/lib/i18n/navigation';
import {
  FOOTER_ITEMS,
  LATER_GROUPS,
  NAV_GROUPS,
  PERSON_ITEMS,
  TOP_ITEMS,
  type NavGroup,
  type NavItem,
} from './nav-items';
import { LanguageSwitch, LanguageSwitchFallback } from './language-switch';
import { ThemeSwitch } from './theme-switch';
import { DrawerList, type DrawerLink } from './nav-link';

/**
 * For each drawer path that some link gives with a query (`/reviews?la=en`, `/movies?fi=reviewed`):
 * the query parameters the links of that path use, to tell which of them is the current page.
 */
const FILTER_KEYS: ReadonlyMap<string, string[]> = (() => {
  const keys = new Map<string, Set<string>>();
  const items = [
    ...TOP_ITEMS,
    ...NAV_GROUPS.flatMap((g) => g.items),
    ...PERSON_ITEMS,
    ...LATER_GROUPS.flatMap((g) => g.items),
  ];
  for (const { href } of items) {
    const [path, query] = href.split('?');
    if (!query) continue;
    const set = keys.get(path) ?? new Set<string>();
    for (const key of new URLSearchParams(query).keys()) set.add(key);
    keys.set(path, set);
  }
  return new Map([...keys].map(([path, set]) => [path, [...set].sort()]));
})();

/**
 * Contents of the left drawer: menus, colour theme and language switches and footer links. A server
 * component (the layout hands it to the app shell): it renders the menus' headings and hands each
 * list of translated links to one client component (DrawerList), which marks the current page.
 */
export function DrawerNav() {
  const t = useTranslations('nav');
  const tl = useTranslations('layout');
  const locale = useLocale();
  const links = (items: NavItem[]): DrawerLink[] =>
    items.map((item) => {
      const keys = FILTER_KEYS.get(item.href.split('?')[0]);
      return { href: item.href, label: t(item.key), ...(keys ? { keys } : {}) };
    });
  const section = (g: NavGroup) => (
    <section key={g.key} aria-labelledby={`nav-${g.key}`} data-testid={`nav-group-${g.key}`}>
      <h2 id={`nav-${g.key}`} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted">
        {t(g.key)}
      </h2>
      <DrawerList links={links(g.items)} />
    </section>
  );
  return (
    <div className="flex min-h-full flex-col gap-4 p-3">
      <DrawerList links={links(TOP_ITEMS)} />
      {NAV_GROUPS.filter((g) => !g.onlyLocale || g.onlyLocale === locale).map(section)}
      <DrawerList links={links(PERSON_ITEMS)} />
      {LATER_GROUPS.map(section)}
      <div className="mt-auto border-t border-line pt-3">
        <ThemeSwitch />
        <p id="nav-language" className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted">
          {t('language')}
        </p>
        <Suspense fallback={<LanguageSwitchFallback />}>
          <LanguageSwitch />
        </Suspense>
        <ul aria-label={tl('footerNavigation')} className="mt-3 flex flex-wrap gap-x-3 gap-y-1 px-3 text-sm text-muted">
          {FOOTER_ITEMS.map((item) => (
            <li key={item.key}>
              <Link href={item.href} className="hover:text-ink hover:underline">
                {t(item.key)}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
