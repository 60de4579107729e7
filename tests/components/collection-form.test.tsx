import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { CollectionForm } from '@/components/collections/collection-form';

vi.mock('@/lib/i18n/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }),
  getPathname: ({ href }: { href: string }) => href,
}));

vi.mock('@/components/ui/snackbar', () => ({ showSnackbar: vi.fn(), queueSnackbar: vi.fn() }));

const POSTER = 'https://upload.wikimedia.org/wikipedia/en/sisu-poster.jpg';
const COVER = 'https://upload.wikimedia.org/wikipedia/en/robocop-cover.jpg';

const INITIAL = {
  name: 'My shelf',
  description: '',
  visibility: 'public',
  category: 'releases',
  style: '3',
  shortcut_default: 'false',
  picture: '',
};

/** The collection form of `colShelf01` in `locale`, its picture choices answered by the API stub. */
function renderForm(locale: 'en' | 'fi') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/collections/colShelf01/pictures'
        ? Response.json({
            items: [
              { url: POSTER, name: 'Sisu 4K' },
              { url: COVER, name: 'RoboCop (1987)' },
            ],
          })
        : Response.json({ error: 'not found' }, { status: 404 }),
    ),
  );
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'fi' ? fi : en}>
      <CollectionForm initial={INITIAL} publicId="colShelf01" />
    </NextIntlClientProvider>,
  );
}

/** happy-dom never loads images; as in fallback-image.test.tsx, they count as still loading. */
const complete = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'complete');

beforeEach(() => {
  Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => false });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  if (complete) Object.defineProperty(HTMLImageElement.prototype, 'complete', complete);
});

describe('CollectionForm picture choices', () => {
  it('names each picture after its item, so the choices can be told apart without seeing them', async () => {
    renderForm('en');
    const group = await screen.findByRole('group', { name: en.collections.fields.picture });
    await waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(3));
    const automatic = within(group).getByRole('radio', { name: en.collections.fields.pictureAuto });
    expect((automatic as HTMLInputElement).checked).toBe(true);
    const robocop = within(group).getByRole('radio', { name: 'RoboCop (1987)' });
    fireEvent.click(robocop);
    expect((robocop as HTMLInputElement).checked).toBe(true);
    expect((robocop as HTMLInputElement).value).toBe(COVER);
  });

  it('shows the item name in place of a picture that cannot be loaded, in Finnish', async () => {
    renderForm('fi');
    const group = await screen.findByRole('group', { name: fi.collections.fields.picture });
    const image = await within(group).findByRole('img', { name: 'Sisu 4K' });
    fireEvent.error(image);
    await waitFor(() => expect(within(group).queryByRole('img', { name: 'Sisu 4K' })).toBeNull());
    expect(within(group).getByRole('radio', { name: 'Sisu 4K' })).toBeTruthy();
    expect(within(group).getByText('Sisu 4K')).toBeTruthy();
    expect(within(group).getByRole('img', { name: 'RoboCop (1987)' })).toBeTruthy();
  });
});
