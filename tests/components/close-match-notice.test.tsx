import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CloseMatchNotice } from '@/components/search/close-match-notice';

vi.mock('next-intl/server', async () => (await import('./support/server-components')).intlServer);

vi.mock('@/lib/i18n/navigation', async () => (await import('./support/server-components')).navigation);

afterEach(cleanup);

const CLOSE = { q: 'stanley kubrick', words: [{ word: 'kubrik', close: ['kubrick', 'kubik'] }] };

describe('CloseMatchNotice (list pages searched with a misspelt q)', () => {
  it('says the list holds close matches and links to the suggested query', async () => {
    render(await CloseMatchNotice({ locale: 'en', close: CLOSE, suggestionHref: '/persons?q=stanley+kubrick' }));
    const note = screen.getByRole('note');
    expect(note.textContent).toBe(
      'Close matchesThe words as typed found few results, so close spellings are included.Did you mean stanley kubrick',
    );
    expect(screen.getByRole('link', { name: 'stanley kubrick' }).getAttribute('href')).toBe(
      '/persons?q=stanley+kubrick',
    );
  });

  it('is translated in Finnish', async () => {
    render(await CloseMatchNotice({ locale: 'fi', close: CLOSE, suggestionHref: '/persons?q=stanley+kubrick' }));
    expect(screen.getByRole('note').textContent).toContain('Läheisiä osumia');
    expect(screen.getByRole('note').textContent).toContain('Tarkoititko stanley kubrick');
  });

  it('renders nothing for a list without close matches', async () => {
    expect(await CloseMatchNotice({ locale: 'en', close: undefined, suggestionHref: '/persons' })).toBeNull();
  });
});
