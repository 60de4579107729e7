import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { PictureSection } from '@/components/account/edit-my-data/picture-section';

vi.mock('@/components/ui/snackbar', () => ({ showSnackbar: vi.fn(), queueSnackbar: vi.fn() }));

const MB = 1024 * 1024;

function renderIn(locale: 'en' | 'fi') {
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'fi' ? fi : en}>
      <PictureSection initial={null} />
    </NextIntlClientProvider>,
  );
}

/** Chooses a file of `size` bytes in the picture input (the size set on the File, no buffer of that size). */
function choose(locale: 'en' | 'fi', size: number) {
  const file = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: size });
  fireEvent.change(screen.getByLabelText((locale === 'fi' ? fi : en).account.uploadPicture), {
    target: { files: [file] },
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('profile picture: the size of a too large picture in the page language', () => {
  it('Finnish: a decimal comma, rounded up, and no upload', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderIn('fi');
    choose('fi', 20 * MB + 1);
    expect((await screen.findByTestId('picture-error')).textContent).toBe(
      'Kuva on liian suuri (20,1 Mt); enintään 20 Mt.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('English: the spec text with a decimal point', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderIn('en');
    choose('en', 25.25 * MB);
    expect((await screen.findByTestId('picture-error')).textContent).toBe('picture too large (25.3) MB, max 20');
  });

  it("Finnish: the server's numbers are written with a comma too", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: 'invalid', fields: { picture: 'pictureTooLarge' }, params: { 0: 20.5, 1: 20 } }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    renderIn('fi');
    choose('fi', 1000);
    expect((await screen.findByTestId('picture-error')).textContent).toBe(
      'Kuva on liian suuri (20,5 Mt); enintään 20 Mt.',
    );
  });
});
