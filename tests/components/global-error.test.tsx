/**
 * The last-resort 500 page (app/global-error.tsx): the spec text in the URL's language and the
 * error's digest as the error code, which the server logged with the request id.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GlobalError from '@/app/global-error';

vi.mock('@/app/globals.css', () => ({}));

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

function renderPage(error: unknown) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // The page renders its own <html>: mount it on the document itself.
  return render(<GlobalError error={error} retry={() => undefined} />, { container: document });
}

describe('GlobalError', () => {
  it('English: the text ("contact form" a link to /contact) and the error code from the digest', async () => {
    renderPage(Object.assign(new Error('render failed'), { digest: '2718281828' }));
    await waitFor(() => expect(screen.getByTestId('error-digest').textContent).toBe('Error code: 2718281828'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Something went wrong but it is not your fault. Please try again later or use the contact form',
    );
    expect(screen.getByRole('link', { name: 'contact form' }).getAttribute('href')).toBe('/contact');
  });

  it('Finnish under /fi, the contact link too', async () => {
    window.history.replaceState(null, '', '/fi/release/abc');
    renderPage(Object.assign(new Error('render failed'), { digest: '3141592653' }));
    await waitFor(() => expect(screen.getByTestId('error-digest').textContent).toBe('Virhekoodi: 3141592653'));
    expect(screen.getByRole('link', { name: 'yhteydenottolomaketta' }).getAttribute('href')).toBe('/fi/contact');
  });

  it('no digest (an error raised in the browser): no error code line', async () => {
    renderPage(new Error('client'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBeTruthy());
    expect(screen.queryByTestId('error-digest')).toBeNull();
  });
});
