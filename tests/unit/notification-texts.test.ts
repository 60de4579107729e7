/**
 * What a notification says and where it leads, per type (pure functions): the text of
 * lib/data/notifications.ts notificationText, whose subject is the removed content's headline, else
 * the review, the discussion, the release or the movie, in that order; and the link of
 * components/notifications/notification-href.ts, in every branch. The DTOs carry the references
 * each type stores (lib/data/notifications.ts storeNotices and its callers).
 */
import { describe, expect, it } from 'vitest';
import { notificationHref } from '@/components/notifications/notification-href';
import { notificationText, type NotificationDto } from '@/lib/data/notifications';
import { fillPlaceholders } from '@/lib/format';
import { NOTIFICATION_TYPES, type NotificationTypeName } from '@/lib/validation/notifications';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { notificationDto } from '../support/notification-dto';

const AINO = { public_id: 'usrAino001', name: 'Aino' };
const REVIEW = { public_id: 'revSisu001', name: 'Sisu in 4K' };
const POST = { public_id: 'pstSlip001', name: 'Best slipcovers' };
const COMMENT = { public_id: 'cmtKeep001' };
const MOVIE = { public_id: 'movSisu001', name: 'Sisu' };
const RELEASE = { public_id: 'relSisu4K1', name: 'Sisu (4K UHD)' };
/** Stands for the catalogue's word for a member without an account any more (no actor). */
const FORMER = '(someone)';

/** A notice of type `name` with only the references given. */
const notice = notificationDto;

/** The template of `key` in `locale`'s catalogue with `params` filled (numbers in the locale's format). */
function text(locale: 'en' | 'fi', key: string, params: Params): string {
  const types: Record<string, string> = (locale === 'fi' ? fi : en).notifications.types;
  return fillPlaceholders(types[key]!, { reason: '', count: 0, ...params }, locale);
}
type Params = { actor: string; subject: string; reason?: string; count?: number };

/**
 * Each type as stored: the text it must show (its template, and the actor, subject, reason and
 * count written out here) and its link.
 */
const CASES: [string, NotificationDto, string, Params, string | null][] = [
  [
    'friendRequest: the actor',
    notice('friendRequest', { actor: AINO }),
    'friendRequest',
    { actor: 'Aino', subject: '' },
    '/user/usrAino001',
  ],
  [
    'friendAccepted: the actor',
    notice('friendAccepted', { actor: AINO }),
    'friendAccepted',
    { actor: 'Aino', subject: '' },
    '/user/usrAino001',
  ],
  [
    'reviewComment: the review, the comment’s anchor',
    notice('reviewComment', { actor: AINO, review: REVIEW, comment: COMMENT }),
    'reviewComment',
    { actor: 'Aino', subject: 'Sisu in 4K' },
    '/review/revSisu001#comment-cmtKeep001',
  ],
  [
    'postReply: the discussion, the comment’s anchor',
    notice('postReply', { actor: AINO, post: POST, comment: COMMENT }),
    'postReply',
    { actor: 'Aino', subject: 'Best slipcovers' },
    '/post/pstSlip001#comment-cmtKeep001',
  ],
  [
    'commentReply in a review: the review',
    notice('commentReply', { actor: AINO, review: REVIEW, comment: COMMENT }),
    'commentReply',
    { actor: 'Aino', subject: 'Sisu in 4K' },
    '/review/revSisu001#comment-cmtKeep001',
  ],
  [
    'commentReply in a discussion: the discussion',
    notice('commentReply', { actor: AINO, post: POST, comment: COMMENT }),
    'commentReply',
    { actor: 'Aino', subject: 'Best slipcovers' },
    '/post/pstSlip001#comment-cmtKeep001',
  ],
  [
    'reviewLike: the review, no anchor',
    notice('reviewLike', { actor: AINO, review: REVIEW }),
    'reviewLike',
    { actor: 'Aino', subject: 'Sisu in 4K' },
    '/review/revSisu001',
  ],
  [
    'contentLike of a discussion',
    notice('contentLike', { actor: AINO, post: POST }),
    'contentLike',
    { actor: 'Aino', subject: 'Best slipcovers' },
    '/post/pstSlip001',
  ],
  [
    'contentLike of a comment of a review: the review, the comment’s anchor',
    notice('contentLike', { actor: AINO, review: REVIEW, comment: COMMENT }),
    'contentLike',
    { actor: 'Aino', subject: 'Sisu in 4K' },
    '/review/revSisu001#comment-cmtKeep001',
  ],
  [
    'tradeMatch: the release, the trade matches',
    notice('tradeMatch', { actor: AINO, release: RELEASE }),
    'tradeMatch',
    { actor: 'Aino', subject: 'Sisu (4K UHD)' },
    '/trades',
  ],
  [
    'newRelease: the release before the movie',
    notice('newRelease', { movie: MOVIE, release: RELEASE }),
    'newRelease',
    { actor: FORMER, subject: 'Sisu (4K UHD)' },
    '/release/relSisu4K1',
  ],
  [
    'reviewRemoved: the removed headline before the movie, which the link leads to',
    notice('reviewRemoved', { movie: MOVIE, subject_text: 'Spoiler review', reason: 'Spoilers' }),
    'reviewRemoved',
    { actor: FORMER, subject: 'Spoiler review', reason: 'Spoilers' },
    '/movie/movSisu001',
  ],
  [
    'postRemoved: the removed headline; nothing left to link to',
    notice('postRemoved', { subject_text: 'Removed topic', reason: 'Spam' }),
    'postRemoved',
    { actor: FORMER, subject: 'Removed topic', reason: 'Spam' },
    null,
  ],
  [
    'commentRemoved: the thread’s headline as stored, the thread that stays',
    notice('commentRemoved', {
      post: { ...POST, name: 'Renamed since' },
      subject_text: 'Best slipcovers',
      reason: 'Rude',
    }),
    'commentRemoved',
    { actor: FORMER, subject: 'Best slipcovers', reason: 'Rude' },
    '/post/pstSlip001',
  ],
  [
    'contributionApproved: the stored subject',
    notice('contributionApproved', { subject_text: 'Sisu (4K UHD)', release: RELEASE }),
    'contributionApproved',
    { actor: FORMER, subject: 'Sisu (4K UHD)' },
    '/release/relSisu4K1',
  ],
  [
    'contributionDiscarded: the stored subject and reason, the movie',
    notice('contributionDiscarded', { subject_text: 'Sisu', movie: MOVIE, reason: 'Duplicate' }),
    'contributionDiscarded',
    { actor: FORMER, subject: 'Sisu', reason: 'Duplicate' },
    '/movie/movSisu001',
  ],
  [
    'changesPending: the count and the latest sender, the admins’ queue',
    notice('changesPending', { actor: AINO, count: 1234 }),
    'changesPending',
    { actor: 'Aino', subject: '', count: 1234 },
    '/admin/changes',
  ],
  ['a type this version does not know', notice(null), 'unknown', { actor: FORMER, subject: '' }, null],
  [
    'a friend request of a member deleted since',
    notice('friendRequest'),
    'friendRequest',
    { actor: FORMER, subject: '' },
    null,
  ],
];

describe('notification texts and links', () => {
  it.each(CASES)('%s', (_, n, key, params, href) => {
    for (const locale of ['en', 'fi'] as const) {
      // A former member is named by the catalogue's own word for one.
      const actor = params.actor === FORMER ? (locale === 'fi' ? fi : en).notifications.types.someone : params.actor;
      expect(notificationText(locale, n)).toBe(text(locale, key, { ...params, actor }));
    }
    expect(notificationHref(n)).toBe(href);
  });

  it('every text names its subject and has no placeholder left', () => {
    for (const [label, n, , params] of CASES)
      for (const locale of ['en', 'fi'] as const) {
        const shown = notificationText(locale, n);
        expect(shown, `${label} (${locale})`).not.toMatch(/\{\w+\}/);
        expect(shown, `${label} (${locale})`).toContain(params.subject);
      }
  });

  it('covers every type', () => {
    const named = new Set(CASES.map(([, n]) => n.type_name));
    expect(Object.keys(NOTIFICATION_TYPES).filter((t) => !named.has(t as NotificationTypeName))).toEqual([]);
  });
});
