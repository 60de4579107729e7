import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { COOKIE_CONSENT_MAX_AGE_S, COOKIE_CONSENT_NAME, CookieNotice } from '@/components/layout/cookie-notice';

vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

/**
 * Deletes every cookie with an expiry in the past: happy-dom can still return a cookie deleted
 * with `max-age=0` within the same millisecond, which made the next test see the consent.
 */
function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

function renderNotice() {
  return render(
    <NextIntlClientProvider locale="en" messages={en}>
      <CookieNotice />
    </NextIntlClientProvider>,
  );
}

beforeEach(clearCookies);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  clearCookies();
});

describe('CookieNotice', () => {
  it('keeps the consent for 180 days (15552000 s)', () => {
    expect(COOKIE_CONSENT_MAX_AGE_S).toBe(15_552_000);
  });

  it('shows until accepted, then sets the consent cookie with max-age 180 days', () => {
    const writes: string[] = [];
    let proto: object | null = document;
    let descriptor: PropertyDescriptor | undefined;
    while (proto && !descriptor) {
      descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
      proto = Object.getPrototypeOf(proto);
    }
    if (!descriptor?.set || !descriptor.get) throw new Error('document.cookie accessor expected');
    const { get, set } = descriptor;
    vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      writes.push(value);
      set.call(this, value);
    });
    vi.spyOn(document, 'cookie', 'get').mockImplementation(function (this: Document) {
      return get.call(this);
    });

    renderNotice();
    const notice = screen.getByRole('dialog', { name: 'Cookies' });
    expect(notice.getAttribute('aria-modal')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'OK, got it' }));
    expect(screen.queryByRole('dialog', { name: 'Cookies' })).toBeNull();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(new RegExp(`^${COOKIE_CONSENT_NAME}=1; max-age=15552000; path=/`));
    expect(document.cookie).toContain(`${COOKIE_CONSENT_NAME}=1`);
  });

  it('stays hidden when the consent cookie exists', () => {
    document.cookie = `${COOKIE_CONSENT_NAME}=1; path=/`;
    renderNotice();
    expect(screen.queryByRole('dialog', { name: 'Cookies' })).toBeNull();
  });

  it('links to the privacy policy', () => {
    renderNotice();
    expect(screen.getByRole('link', { name: 'Read the privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
  });
});
