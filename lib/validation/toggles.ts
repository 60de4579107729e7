/**
 * The member toggles (no I/O): HAVE and WANTED on releases, seen and want-to-see on
 * movies, like on both. HAVE / WANTED / seen / want-to-see fill the user's shortcut collection of
 * style 3 (owns), 4 (wanted), 2 (watched) or 6 (want to see); each toggle has a counter column
 * in release_counters / movie_counters.
 */
import { DEFAULT_LIST_NAMES } from './collection-limits';

/** Kinds of catalogue item the toggles apply to. */
export type ToggleItem = 'movie' | 'release';
/** Community items: only the like toggle applies to them (a likes row with review_id / post_id / comment_id). */
export type CommunityItem = 'review' | 'post' | 'comment';
/** Everything a like may point at. */
export type LikeItem = ToggleItem | CommunityItem;

/** Whether an item kind is a review, post or comment. */
export function isCommunityItem(item: LikeItem): item is CommunityItem {
  return item === 'review' || item === 'post' || item === 'comment';
}

/** The toggles, their item kind, shortcut collection style and counter column. */
export const TOGGLES = {
  have: { item: 'release', style: 3, counter: 'owned_count', listName: DEFAULT_LIST_NAMES[3] },
  wanted: { item: 'release', style: 4, counter: 'wanted_count', listName: DEFAULT_LIST_NAMES[4] },
  seen: { item: 'movie', style: 2, counter: 'seen_count', listName: DEFAULT_LIST_NAMES[2] },
  want_see: { item: 'movie', style: 6, counter: 'want_see_count', listName: DEFAULT_LIST_NAMES[6] },
  like: { item: null, style: null, counter: 'likes_count', listName: null },
} as const;
export type ToggleKind = keyof typeof TOGGLES;
/** The toggles backed by a shortcut collection (all but like). */
export type ShortcutToggleKind = Exclude<ToggleKind, 'like'>;

/** Whether a value names a toggle. */
export function isToggleKind(v: unknown): v is ToggleKind {
  return typeof v === 'string' && Object.hasOwn(TOGGLES, v);
}

/** The toggles that apply to an item kind, in button order (reviews, posts, comments: like only). */
export function togglesFor(item: LikeItem): ToggleKind[] {
  if (isCommunityItem(item)) return ['like'];
  return item === 'release' ? ['have', 'wanted', 'like'] : ['seen', 'want_see', 'like'];
}

/** The toggle whose counter a live shortcut collection of a style feeds (null for other styles). */
export function shortcutToggle(style: number): ShortcutToggleKind | null {
  for (const kind of ['have', 'wanted', 'seen', 'want_see'] as const) if (TOGGLES[kind].style === style) return kind;
  return null;
}

/** Whether a collection in this state feeds a toggle counter: a live shortcut list of a toggle's style. */
export function feedsCounters(c: { style: number; shortcut_default: boolean; deleted: boolean }): boolean {
  return c.shortcut_default && !c.deleted && shortcutToggle(Number(c.style)) !== null;
}
