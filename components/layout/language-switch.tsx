'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { routing, type AppLocale } from '@/lib/i18n/routing';

const CLASS = 'block rounded-lg px-3 py-2 text-[0.9375rem] font-medium text-accent-strong hover:bg-tint';

function otherLocale(locale: string): AppLocale {
  return routing.locales.find((l) => l !== locale) ?? routing.defaultLocale;
}

/** Link to the current page (path and query string) in the other locale. Needs a Suspense boundary (useSearchParams). */
export function LanguageSwitch() {
  const t = useTranslations('nav');
  const locale = useLocale();
  const pathname = usePathname();
  const search = useSearchParams();
  const target = otherLocale(locale);
  const query = Object.fromEntries(search.entries());
  return (
    <Link
      href={{ pathname, query }}
      locale={target}
      hrefLang={target}
      lang={target}
      className={CLASS}
      data-testid="language-switch"
    >
      {t('switchLanguage')}
    </Link>
  );
}

/** Server-rendered stand-in until the query string is known (keeps the path). */
export function LanguageSwitchFallback() {
  const t = useTranslations('nav');
  const locale = useLocale();
  const pathname = usePathname();
  const target = otherLocale(locale);
  return (
    <Link
      href={pathname}
      locale={target}
      hrefLang={target}
      lang={target}
      className={CLASS}
      data-testid="language-switch"
    >
      {t('switchLanguage')}
    </Link>
  );
}
