import 'server-only';
/**
 * Link grants: the proof that a member confirmed their password (or a fresh login) before linking
 * a Facebook or Google account. A grant is sealed (encrypted and authenticated with AUTH_SECRET,
 * next-auth's JWE) and carried in an HttpOnly cookie from the confirmation (POST
 * /api/me/identities/{provider}) through the provider's login screens to /api/social/complete;
 * it is not stored. lib/data/linked-identities.ts makes and checks grants, so no caller links without one.
 */
import { decode, encode } from 'next-auth/jwt';
import type { SocialProvider } from './social-providers';
import { serverSecret } from './secrets';

/** Cookie holding a link grant (encrypted, HttpOnly): the user may link that provider for a while. */
export const LINK_COOKIE = 'discshelf_link';
/** Seconds a link grant lasts: enough for the provider's login screens. */
export const LINK_SECONDS = 600;

/** The sealed value of a grant: `userId` may link a `provider` account for LINK_SECONDS. */
export function sealLinkGrant(userId: number, provider: SocialProvider): Promise<string> {
  return encode({ token: { userId, provider }, secret: serverSecret('auth'), salt: LINK_COOKIE, maxAge: LINK_SECONDS });
}

/**
 * Whether `grant` (a cookie value, or null when there is none) is an unexpired grant of this
 * user for this provider. Never throws: a forged, expired or garbled value is simply no grant.
 */
export async function linkGrantAllows(
  grant: string | null | undefined,
  userId: number,
  provider: SocialProvider,
): Promise<boolean> {
  if (!grant) return false;
  const t = await decode({ token: grant, secret: serverSecret('auth'), salt: LINK_COOKIE }).catch(() => null);
  return !!t && t.userId === userId && t.provider === provider;
}
