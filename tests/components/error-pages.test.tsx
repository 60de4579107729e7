import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { ErrorView } from '@/components/layout/error-view';
import { NotFoundView } from '@/components/layout/not-found-view';

vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

function withIntl(locale: 'en' | 'fi', node: ReactNode) {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fi}>
      {node}
    </NextIntlClientProvider>,
  );
}

afterEach(cleanup);

describe('NotFoundView (404 page)', () => {
  it('shows the spec text and links to alternative pages', () => {
    withIntl('en', <NotFoundView />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found. Try these pages');
    const links = screen.getByRole('navigation', { name: 'Alternative pages' }).querySelectorAll('a');
    expect([...links].map((a) => a.getAttribute('href'))).toEqual([
      '/releases',
      '/releases/out_now',
      '/movies',
      '/labels',
      '/persons',
      '/',
    ]);
  });

  it('is in Finnish under fi', () => {
    withIntl('fi', <NotFoundView />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sivua ei löytynyt. Kokeile näitä sivuja');
    expect(screen.getByRole('link', { name: 'Elokuvat' })).toBeTruthy();
  });
});

describe('ErrorView (500 page)', () => {
  it('shows the spec text with "contact form" linking to /contact, the digest and retries on request', () => {
    const retry = vi.fn();
    withIntl('en', <ErrorView digest="abc123" onRetry={retry} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Something went wrong but it is not your fault. Please try again later or use the contact form',
    );
    expect(screen.getByText('Error code: abc123')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    // The words "contact form" of the text lead to the contact form.
    expect(screen.getByRole('link', { name: 'contact form' }).getAttribute('href')).toBe('/contact');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('is in Finnish under fi, with the home and contact links kept in the locale', () => {
    withIntl('fi', <ErrorView onRetry={() => {}} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Jokin meni vikaan, mutta se ei ole sinun syytäsi. Yritä myöhemmin uudelleen tai käytä yhteydenottolomaketta',
    );
    expect(screen.getByRole('link', { name: 'Etusivu' }).getAttribute('href')).toBe('/fi');
    expect(screen.getByRole('link', { name: 'yhteydenottolomaketta' }).getAttribute('href')).toBe('/fi/contact');
  });
});
