/**
 * The messages sent to the browser. Client components (`'use client'` files) translate with the
 * catalogue of the nearest NextIntlClientProvider; server components read the whole catalogue on
 * the server, so only what client components use goes into a page's RSC payload, and only where a
 * page renders them:
 *
 * - `SHELL_SCOPE` goes to every page, from the root layout (app/[locale]/layout.tsx): the top
 *   bar, drawer, search, cookie notice, version prompt, login dialog and form, user widget and
 *   menu, notification bell and the notice of a member's own pending changes.
 * - A page scope (`PAGE_SCOPES`) is added by `<ClientMessages scope>`
 *   (components/i18n/client-messages.tsx) in the route files (page or layout) whose pages render
 *   client components that use more: the item pages add the HAVE / WANTED bar and its collection
 *   dialog, the account pages the whole `account` namespace, and so on.
 *
 * A scope gives a namespace whole, or some of its top-level keys. Release pages were 66.5 KB of
 * HTML with every client namespace (a third of it messages), above the 64 KB past which a cached
 * page is answered markedly slower (docs/performance.md). tests/unit/client-messages.test.ts
 * follows every route file's imports and fails when a client component it can render uses a
 * namespace or key that neither the shell nor the route's scopes give, or when a scope lists a key
 * none of its components uses.
 */

/** Which messages a scope gives: per namespace, all of it (`true`) or the listed top-level keys. */
export type MessageScope = Readonly<Record<string, true | readonly string[]>>;

/** Every page's client messages (the root layout's provider). */
export const SHELL_SCOPE = {
  common: true,
  layout: true,
  nav: true,
  search: true,
  cookie: true,
  version: true,
  errors: true,
  forms: true,
  account: [
    'accountMenu',
    'changeQueue',
    'editMyData',
    'email',
    'forgotPassword',
    'loggedIn',
    'loggedOut',
    'login',
    'loginRequired',
    'loginRequiredTitle',
    'loginTitle',
    'logout',
    'myProfile',
    'noAccount',
    'notificationsLink',
    'notificationsUnseen',
    'ownChanges',
    'password',
    'providerFacebook',
    'providerGoogle',
    'register',
    'socialContinue',
    'socialLinked',
    'socialNotFoundText',
    'socialNotFoundTitle',
    'socialOr',
    'socialRegister',
    'socialRegistered',
    'submitLogin',
    'submitting',
  ],
  /** An admin's link to the contact messages, in the top bar. */
  contact: ['inboxLink'],
} as const satisfies MessageScope;

/** What route files add to the shell's messages with `<ClientMessages scope>`. */
export const PAGE_SCOPES = {
  /** Release and movie pages with their tabs: the HAVE / WANTED bar, its collection dialog, the deletion request. */
  itemPage: {
    collections: [
      'add',
      'addTitle',
      'addTo',
      'added',
      'alreadyIn',
      'condition',
      'entry',
      'inYours',
      'new',
      'newName',
      'pick',
      'pickNew',
      'removed',
      'watchedMethod',
    ],
    toggles: true,
    deleteRequest: true,
  },
  /** Person and label pages: the deletion request. */
  deletionRequest: { deleteRequest: true },
  /** A collection's page: its owner's actions and entry dialogs. */
  collectionPage: { collections: true },
  /** Creating or editing a collection. */
  collectionForm: { collections: true, toggles: true },
  /** A review or discussion page: the like buttons. */
  likes: { toggles: true },
  /** Adding or editing a picture, video or shopping link of a movie or release. */
  mediaForm: { media: true },
  /** The barcode scanner: its texts, HAVE / WANTED and the barcode errors. */
  scan: { scan: true, toggles: true, api: ['barcodeFormat', 'barcodeCheckDigit'] },
  /** Registration, password reset and "edit my data". */
  account: { account: true },
} as const satisfies Record<string, MessageScope>;

export type PageScope = keyof typeof PAGE_SCOPES;

/** Every namespace a client component may translate with. */
export const CLIENT_NAMESPACES: readonly string[] = [
  ...new Set([SHELL_SCOPE, ...Object.values(PAGE_SCOPES)].flatMap((scope) => Object.keys(scope))),
];

type Catalogue = Record<string, unknown>;

/**
 * The listed keys of a namespace, kept per namespace object and key list: every call gives the same
 * object, so the root layout's provider and a page scope's hold one object, which the RSC payload
 * writes once.
 */
const parts = new WeakMap<object, Map<readonly string[], Catalogue>>();
function partOf(namespace: object, keys: readonly string[]): Catalogue {
  let byKeys = parts.get(namespace);
  if (!byKeys) parts.set(namespace, (byKeys = new Map()));
  let part = byKeys.get(keys);
  if (!part) byKeys.set(keys, (part = Object.fromEntries(Object.entries(namespace).filter(([k]) => keys.includes(k)))));
  return part;
}

/**
 * The part of a locale's whole catalogue (`messages`) that `scope` gives: its namespace objects
 * themselves, or the same object for the same listed keys each time. Pure.
 */
export function pickScope<T extends Catalogue>(messages: T, scope: MessageScope): Partial<T> {
  const picked: Catalogue = {};
  for (const [ns, keys] of Object.entries(scope)) {
    const namespace = messages[ns];
    if (namespace === undefined) continue;
    picked[ns] =
      keys === true || typeof namespace !== 'object' || namespace === null ? namespace : partOf(namespace, keys);
  }
  return picked as Partial<T>;
}
