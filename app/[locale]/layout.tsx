import type { Metadata, Viewport } from 'next';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { AppShell } from '@/components/layout/app-shell';
import { DrawerNav } from '@/components/layout/drawer-nav';
import { SiteFooter } from '@/components/layout/site-footer';
import { CookieNoticeSlot } from '@/components/layout/cookie-notice-slot';
import { ScrollManager } from '@/components/layout/scroll-manager';
import { VersionCheckSlot } from '@/components/layout/version-check-slot';
import { pickScope, SHELL_SCOPE } from '@/lib/i18n/client-messages';
import { THEME_BAR_COLORS, THEME_SCRIPT } from '@/lib/theme/theme-script';
import { routing } from '@/lib/i18n/routing';
import { VERSION_CHECK_INTERVAL_MS } from '@/lib/version';
import '../globals.css';

type LayoutProps = { children: ReactNode; params: Promise<{ locale: string }> };

/** Absolute base for canonical/alternate/OG URLs: env SITE_URL, default http://localhost:3000. */
function siteUrl(): URL {
  try {
    return new URL(process.env.SITE_URL || 'http://localhost:3000');
  } catch {
    return new URL('http://localhost:3000');
  }
}

/**
 * Version-check interval in ms. Read at request time under a computed name so a production
 * build can still be tested with NEXT_PUBLIC_VERSION_CHECK_MS set only when the server starts
 * (Next inlines `process.env.NEXT_PUBLIC_*` at build time). Defaults to lib/version.ts.
 */
function versionCheckIntervalMs(): number {
  const name = ['NEXT_PUBLIC', 'VERSION_CHECK_MS'].join('_');
  const runtime = Number(process.env[name]);
  return Number.isFinite(runtime) && runtime > 0 ? runtime : VERSION_CHECK_INTERVAL_MS;
}

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

/** The browser bar follows the system theme; the theme script repoints it at a chosen theme. */
export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: THEME_BAR_COLORS.light },
    { media: '(prefers-color-scheme: dark)', color: THEME_BAR_COLORS.dark },
  ],
};

export async function generateMetadata({ params }: Pick<LayoutProps, 'params'>): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'meta' });
  const brand = (await getTranslations({ locale, namespace: 'common' }))('brand');
  return {
    metadataBase: siteUrl(),
    title: { default: t('defaultTitle'), template: `%s | ${brand}` },
    description: t('description'),
    applicationName: brand,
    // Installable as an app (the offline barcode scanner); the Finnish pages link the Finnish manifest.
    manifest: locale === 'fi' ? '/manifest.webmanifest?lang=fi' : '/manifest.webmanifest',
    openGraph: { siteName: brand, type: 'website', locale: locale === 'fi' ? 'fi_FI' : 'en_US' },
  };
}

/**
 * Root layout of every page (there is no app/layout.tsx): `<html lang>` per locale, the
 * next-intl client provider (the shell's messages; pages add theirs, lib/i18n/client-messages.ts),
 * the app shell, cookie notice, version prompt and scroll manager. The colour theme script runs
 * inline in <head> before the first paint (lib/theme/theme-script.ts); it sets attributes on
 * <html> before React hydrates, hence `suppressHydrationWarning` there (it covers that element's
 * own attributes only). An invalid locale segment
 * (e.g. `/unknown.txt`) redirects to /404. It reads no cookies or headers, so the pages below it
 * can be cached and served to every anonymous visitor (lib/page-cache.ts).
 */
export default async function LocaleLayout({ children, params }: LayoutProps) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) redirect('/404');
  setRequestLocale(locale);
  const messages = await getMessages();
  const clientMessages = pickScope(messages, SHELL_SCOPE);

  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        <NextIntlClientProvider messages={clientMessages}>
          <AppShell drawer={<DrawerNav />} footer={<SiteFooter />}>
            {children}
          </AppShell>
          <CookieNoticeSlot />
          <VersionCheckSlot intervalMs={versionCheckIntervalMs()} />
          <Suspense fallback={null}>
            <ScrollManager />
          </Suspense>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
