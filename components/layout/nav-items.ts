import type { MessageKey } from '@/lib/i18n/keys';

/**
 * The drawer's menus. `key` is the message key in the `nav` namespace, `href` a
 * locale-less path (lib/i18n/navigation adds `/fi`). Only menus whose pages exist are listed,
 * so no entry leads to a 404.
 */
export type NavItem = { key: MessageKey<'nav'>; href: string };
export type NavGroup = { key: MessageKey<'nav'>; items: NavItem[]; onlyLocale?: string };

export const TOP_ITEMS: NavItem[] = [
  { key: 'outNow', href: '/releases/out_now' },
  { key: 'upcoming', href: '/releases/upcoming' },
  { key: 'scan', href: '/scan' },
];

export const NAV_GROUPS: NavGroup[] = [
  {
    key: 'releasesMenu',
    items: [
      { key: 'releasesAll', href: '/releases' },
      { key: 'releases4k', href: '/releases/4k' },
      { key: 'releasesBluray', href: '/releases/bluray' },
      { key: 'releasesDvd', href: '/releases/dvd' },
      { key: 'releasesVideotapes', href: '/releases/videotapes' },
      { key: 'labels', href: '/labels' },
    ],
  },
  {
    key: 'finnishMenu',
    onlyLocale: 'fi',
    items: [
      { key: 'finnishCensorship', href: '/releases/finnish_censorship' },
      { key: 'finnishVideoReleases', href: '/releases/finnish_video_releases' },
      { key: 'trashvideo', href: '/trashvideo' },
    ],
  },
  {
    key: 'moviesMenu',
    items: [
      { key: 'movies', href: '/movies' },
      { key: 'tvShows', href: '/tv_shows' },
      { key: 'tvEpisodes', href: '/tv_episodes' },
      { key: 'moviesReviewed', href: '/movies?fi=reviewed' },
    ],
  },
];

export const PERSON_ITEMS: NavItem[] = [{ key: 'persons', href: '/persons' }];

/**
 * Groups after cast and crew (in the drawer's order): reviews (all, English, Finnish, video, release
 * reviews), community (discussions, users, collections, the friends' stream).
 */
export const LATER_GROUPS: NavGroup[] = [
  {
    key: 'reviewsMenu',
    items: [
      { key: 'reviewsAll', href: '/reviews' },
      { key: 'reviewsEnglish', href: '/reviews?la=en' },
      { key: 'reviewsFinnish', href: '/reviews?la=fi' },
      { key: 'reviewsVideo', href: '/reviews?fi=video' },
      { key: 'reviewsRelease', href: '/reviews?fi=release' },
    ],
  },
  {
    key: 'communityMenu',
    items: [
      { key: 'posts', href: '/posts' },
      { key: 'users', href: '/users' },
      { key: 'collections', href: '/collections' },
      { key: 'stream', href: '/stream' },
    ],
  },
];

/** Footer links (drawer and page footer): service info, terms, privacy, the contact form. */
export const FOOTER_ITEMS: NavItem[] = [
  { key: 'serviceInfo', href: '/service-info' },
  { key: 'terms', href: '/terms-of-service' },
  { key: 'privacy', href: '/privacy-policy' },
  { key: 'contact', href: '/contact' },
];
