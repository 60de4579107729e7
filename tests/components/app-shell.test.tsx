import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { AppShell } from '@/components/layout/app-shell';
import { DrawerNav } from '@/components/layout/drawer-nav';
import { SiteFooter } from '@/components/layout/site-footer';

const nav = vi.hoisted(() => ({ pathname: '/releases/4k', search: 'so=name' }));

vi.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => nav.pathname,
  useRouter: () => ({ push: () => {}, replace: () => {}, refresh: () => {} }),
  Link: ({
    href,
    locale,
    children,
    ...rest
  }: {
    href: string | { pathname: string; query?: Record<string, string> };
    locale?: string;
    children: ReactNode;
  }) => {
    const path =
      typeof href === 'string'
        ? href
        : href.pathname + (href.query && Object.keys(href.query).length ? `?${new URLSearchParams(href.query)}` : '');
    const prefixed = locale === 'fi' ? `/fi${path === '/' ? '' : path}` : path;
    return (
      <a href={prefixed} {...rest}>
        {children}
      </a>
    );
  },
}));
vi.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams(nav.search) }));

let desktop = false;

beforeEach(() => {
  desktop = false;
  // The user widget asks /api/me: answer as for a visitor (no server in component tests).
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: 'unauthorized' }), { status: 401 }));
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop && query.includes('min-width: 650px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.assign(nav, { pathname: '/releases/4k', search: 'so=name' });
});

function renderShell(locale: 'en' | 'fi' = 'en') {
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fi}>
      <AppShell drawer={<DrawerNav />} footer={<SiteFooter />}>
        <p>page body</p>
      </AppShell>
    </NextIntlClientProvider>,
  );
}

describe('AppShell', () => {
  it('has a skip link, landmarks and the page inside main', () => {
    renderShell();
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main');
    expect(within(screen.getByRole('main')).getByText('page body')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('lists the drawer menus with the current page marked, and no Finnish-only menu in English', () => {
    renderShell();
    const drawer = screen.getByRole('navigation', { name: 'Main navigation' });
    const hrefs = [...drawer.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/releases/out_now',
      '/releases/upcoming',
      '/scan',
      '/releases',
      '/releases/4k',
      '/releases/bluray',
      '/releases/dvd',
      '/releases/videotapes',
      '/labels',
      '/movies',
      '/tv_shows',
      '/tv_episodes',
      '/movies?fi=reviewed',
      '/persons',
      '/reviews',
      '/reviews?la=en',
      '/reviews?la=fi',
      '/reviews?fi=video',
      '/reviews?fi=release',
      '/posts',
      '/users',
      '/collections',
      '/stream',
      '/fi/releases/4k?so=name',
      '/service-info',
      '/terms-of-service',
      '/privacy-policy',
      '/contact',
    ]);
    expect(within(drawer).getByRole('link', { name: '4K Ultra HD' }).getAttribute('aria-current')).toBe('page');
    expect(within(drawer).getByRole('link', { name: 'Suomeksi' }).getAttribute('hreflang')).toBe('fi');
  });

  it('marks the link of the page by path and filter query: /reviews is All reviews, /reviews?la=en is English', () => {
    const current = () =>
      [...screen.getByRole('navigation', { name: 'Main navigation' }).querySelectorAll('a[aria-current="page"]')].map(
        (a) => a.textContent,
      );
    const cases: [pathname: string, search: string, current: string][] = [
      ['/reviews', '', 'All reviews'],
      ['/reviews', 'la=en', 'English reviews'],
      // A search or a cursor is no filter: the filter link stays current.
      ['/reviews', 'fi=video&q=sisu&cursor=abc', 'Video reviews'],
      ['/movies', 'fi=reviewed', 'Reviewed movies'],
    ];
    for (const [pathname, search, link] of cases) {
      Object.assign(nav, { pathname, search });
      renderShell();
      expect(current()).toEqual([link]);
      cleanup();
    }
  });

  it('shows the Finnish-only menu in Finnish, and the switch back to English keeps page and query', () => {
    renderShell('fi');
    const drawer = screen.getByRole('navigation', { name: 'Päävalikko' });
    const finnish = within(drawer).getByRole('region', { name: 'Suomijulkaisut' });
    expect([...finnish.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Leikatut julkaisut',
      'Suomalaiset videojulkaisut',
      'Roskavideot',
    ]);
    expect(within(drawer).getByRole('link', { name: 'In English' }).getAttribute('href')).toBe('/releases/4k?so=name');
  });

  it('below 650 px the menu button opens the drawer and Escape closes it, returning focus', () => {
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Close menu');
    expect(document.querySelector('[data-mobile-open="true"]')).toBeTruthy();
    expect(screen.getByRole('main').parentElement?.hasAttribute('inert')).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('at 650 px and wider the drawer starts open and the menu button collapses it', () => {
    desktop = true;
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Close menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('[data-desktop-collapsed="true"]')).toBeTruthy();
    expect(document.querySelector('[data-mobile-open="true"]')).toBeNull();
  });
});
