import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OffersBox } from '@/components/releases/offers-box';
import type { ReleaseOffer } from '@/lib/data/collections';
import { renderServer } from './support/server-components';

vi.mock('next-intl/server', async () => (await import('./support/server-components')).intlServer);

vi.mock('@/lib/i18n/navigation', async () => (await import('./support/server-components')).navigation);

afterEach(() => {
  document.body.innerHTML = '';
});

function offer(over: Partial<ReleaseOffer>): ReleaseOffer {
  return {
    style: 5,
    price: null,
    currency: null,
    condition: null,
    comment: null,
    added_at: '2026-11-28T10:00:00.000Z',
    collection: { public_id: 'colSale001', name: 'For sale' },
    owner: { public_id: 'usrKalle01', name: 'Kalle' },
    ...over,
  };
}

describe('OffersBox (the offers on a release overview)', () => {
  it('counts the sales from the cheapest asking price in its currency, and the trades', async () => {
    // As releaseOffers orders them: for sale cheapest first in euros (unpriced last), then trades.
    await renderServer(
      await OffersBox({
        locale: 'en',
        offersHref: '/release/relSisu001/user_collections',
        offers: {
          items: [
            offer({ price: '10.00', currency: 'GBP' }),
            offer({ price: '30.00', currency: 'EUR' }),
            offer({}),
            offer({ style: 7 }),
          ],
          for_sale: 3,
          for_trade: 1,
        },
      }),
    );
    const box = screen.getByRole('region', { name: 'Offered by members' });
    expect(within(box).getByTestId('offers-for-sale').textContent).toBe('3 for sale · from £10.00');
    expect(within(box).getByTestId('offers-for-trade').textContent).toBe('1 for trade');
    expect(within(box).getByRole('link', { name: 'See the offers' }).getAttribute('href')).toBe(
      '/release/relSisu001/user_collections',
    );
  });

  it('says a single trade in Finnish, without a sales line', async () => {
    await renderServer(
      await OffersBox({
        locale: 'fi',
        offersHref: '/release/x/user_collections',
        offers: { items: [offer({ style: 7 })], for_sale: 0, for_trade: 1 },
      }),
    );
    const box = screen.getByRole('region', { name: 'Jäsenen tarjous' });
    expect(within(box).queryByTestId('offers-for-sale')).toBeNull();
    expect(within(box).getByTestId('offers-for-trade').textContent).toBe('1 vaihdettavana');
    expect(within(box).getByRole('link', { name: 'Katso tarjoukset' })).toBeTruthy();
  });

  it('counts every offer, not only those the page lists', async () => {
    await renderServer(
      await OffersBox({
        locale: 'en',
        offersHref: '/x',
        offers: { items: [offer({ price: '10.00', currency: 'EUR' })], for_sale: 120, for_trade: 60 },
      }),
    );
    expect(screen.getByTestId('offers-for-sale').textContent).toBe('120 for sale · from €10.00');
    expect(screen.getByTestId('offers-for-trade').textContent).toBe('60 for trade');
  });

  it('shows nothing without offers', async () => {
    expect(
      await OffersBox({ locale: 'en', offersHref: '/x', offers: { items: [], for_sale: 0, for_trade: 0 } }),
    ).toBeNull();
  });
});
