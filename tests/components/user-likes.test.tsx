import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserLikes } from '@/components/users/user-sections';
import type { CommunityLikeDto } from '@/lib/data/toggles';
import type { PublicUser } from '@/lib/data/users';
import { renderServer } from './support/server-components';

vi.mock('next-intl/server', async () => (await import('./support/server-components')).intlServer);

vi.mock('@/lib/i18n/navigation', async () => (await import('./support/server-components')).navigation);

afterEach(() => {
  document.body.innerHTML = '';
});

/** Renders the likes section of USER's page at the given cursors and lists. */
async function renderLikes(props: Omit<Parameters<typeof UserLikes>[0], 'user' | 'href'>): Promise<void> {
  await renderServer(await UserLikes({ user: USER, href: '/user/usrFan0001/likes', ...props }));
}

const USER = { public_id: 'usrFan0001', name: 'Fan' } as PublicUser;
const OWNER = { public_id: 'usrOwner01', name: 'Owner' };
const LIKED_AT = '2026-11-20T18:40:00.000Z';
const COMMUNITY: CommunityLikeDto[] = [
  { kind: 'review', public_id: 'rvw1', title: 'Sisu on 4K', author: OWNER, thread: null, liked_at: LIKED_AT },
  { kind: 'post', public_id: 'pst1', title: 'Best slipcovers', author: OWNER, thread: null, liked_at: LIKED_AT },
  {
    kind: 'comment',
    public_id: 'cmt1',
    title: 'Best slipcovers',
    author: OWNER,
    thread: { type: 'post', public_id: 'pst1' },
    liked_at: LIKED_AT,
  },
];
const EMPTY = { items: [], next_cursor: null };

describe('UserLikes (/user/{id}/likes)', () => {
  it('lists liked reviews, discussions and comments with kind, link, author and date', async () => {
    await renderLikes({
      locale: 'en',
      cursor: '',
      communityCursor: '',
      likes: { catalogue: EMPTY, community: { items: COMMUNITY, next_cursor: null } },
    });
    const list = within(screen.getByTestId('likes-community'));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'ReviewSisu on 4Kby Ownerliked 20/11/2026',
      'DiscussionBest slipcoversby Ownerliked 20/11/2026',
      'CommentBest slipcoversby Ownerliked 20/11/2026',
    ]);
    expect(list.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/review/rvw1',
      '/user/usrOwner01',
      '/post/pst1',
      '/user/usrOwner01',
      '/post/pst1#comment-cmt1',
      '/user/usrOwner01',
    ]);
    expect(within(screen.getByTestId('likes-catalogue')).getByTestId('empty-state').textContent).toBe(
      'Movies and releasesFan has not liked any movies or releases yet.',
    );
  });

  it("each list pages by its own cursor and keeps the other's", async () => {
    await renderLikes({
      locale: 'fi',
      cursor: 'cat1',
      communityCursor: 'com1',
      likes: { catalogue: { items: [], next_cursor: 'cat2' }, community: { items: [], next_cursor: 'com2' } },
    });
    const catalogue = within(screen.getByTestId('likes-catalogue'));
    expect(catalogue.getByTestId('next-page').getAttribute('href')).toBe(
      '/user/usrFan0001/likes?community_cursor=com1&cursor=cat2',
    );
    expect(catalogue.getByTestId('first-page').getAttribute('href')).toBe(
      '/user/usrFan0001/likes?community_cursor=com1',
    );
    const community = within(screen.getByTestId('likes-community'));
    expect(community.getByTestId('next-page').getAttribute('href')).toBe(
      '/user/usrFan0001/likes?cursor=cat1&community_cursor=com2',
    );
    expect(community.getByTestId('first-page').getAttribute('href')).toBe('/user/usrFan0001/likes?cursor=cat1');
    expect(community.getByTestId('empty-state').textContent).toBe(
      'Arvostelut, keskustelut ja kommentitFan ei ole vielä tykännyt yhdestäkään arvostelusta, keskustelusta tai kommentista.',
    );
  });
});
