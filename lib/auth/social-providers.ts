/**
 * The social login providers (Facebook and Google) and the provider account an OAuth exchange
 * reports: the vocabulary shared by the Auth.js setup (social.ts), link grants (link-grant.ts),
 * the linked identities of the data layer (lib/data/linked-identities.ts), the routes and the
 * edit page. No I/O, so any layer may import it.
 */

/** Login providers (Auth.js provider ids). */
export const SOCIAL_PROVIDERS = ['facebook', 'google'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** A provider account as the OAuth exchange reported it: `subject` is the provider's user id. */
export type SocialIdentity = { provider: SocialProvider; subject: string; email: string | null; name: string | null };

/** Whether a string is one of {@link SOCIAL_PROVIDERS}. */
export function isSocialProvider(v: unknown): v is SocialProvider {
  return typeof v === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(v);
}
