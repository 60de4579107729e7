import 'server-only';
/**
 * Facebook and Google login through Auth.js (next-auth v5). Auth.js runs only the OAuth 2 /
 * OpenID Connect exchange under `/api/auth/*`; the app's own session cookie (lib/auth/request.ts)
 * is what logs a user in. After the exchange Auth.js hands the provider account over in a
 * 5-minute encrypted "transit" cookie and redirects to `/api/social/complete`, which reads it once
 * (single use through claimOnce), deletes it, and logs in, links, or shows "{provider} user not
 * found" with register and link offers (the provider account then waits in the encrypted
 * `discshelf_social` cookie for 15 minutes).
 *
 * A provider is on when both its keys are set: AUTH_GOOGLE_ID + AUTH_GOOGLE_SECRET,
 * AUTH_FACEBOOK_ID + AUTH_FACEBOOK_SECRET. Endpoints are configurable (tests run the flows against
 * a local OAuth 2 / OIDC server): AUTH_GOOGLE_ISSUER (OIDC discovery, default
 * https://accounts.google.com), AUTH_FACEBOOK_AUTHORIZATION_URL, AUTH_FACEBOOK_TOKEN_URL and
 * AUTH_FACEBOOK_USERINFO_URL (default Facebook's Graph API). AUTH_SECRET (else generated, see
 * secrets.ts) encrypts Auth.js's cookies and ours.
 *
 * E-mail verification: Google's ID token says whether the address is verified (`email_verified`);
 * Facebook gives no such claim, so its addresses count as unverified. Registering a new account
 * from a provider needs a verified address (the address becomes the account's login and reset
 * address); linking a provider account to an existing one does not (the owner proves the account
 * with its password, or with a fresh login when it has none).
 *
 * Linking while logged in needs a link grant (link-grant.ts): `POST /api/me/identities/{provider}`
 * has lib/data/linked-identities.ts grantIdentityLink check the password (or a fresh login) and seal one into
 * the `discshelf_link` cookie; the completion's linkIdentity links only with it.
 */
import crypto from 'node:crypto';
import NextAuth, { type NextAuthConfig } from 'next-auth';
import { decode, encode } from 'next-auth/jwt';
import Facebook from 'next-auth/providers/facebook';
import Google from 'next-auth/providers/google';
import { claimOnce } from '@/lib/data/rate-limits';
import { requestCookie } from './request';
import { serverSecret } from './secrets';
import { isSocialProvider, type SocialIdentity, type SocialProvider } from './social-providers';

/** Seconds the transit cookie (Auth.js's JWT "session") lives: just the redirect to /complete. */
const TRANSIT_SECONDS = 300;
/** Seconds a provider account that matched no user waits for "register" or "link". */
export const PENDING_SECONDS = 900;
/** Cookie holding a provider account that matched no user (encrypted, HttpOnly). */
export const PENDING_COOKIE = 'discshelf_social';
/** Auth.js's session cookie names (the `__Secure-` one on https): the transit cookie. */
export const TRANSIT_COOKIES = ['__Secure-authjs.session-token', 'authjs.session-token'] as const;

/** The providers switched on by their environment keys, in button order. */
export function enabledProviders(): SocialProvider[] {
  const on: SocialProvider[] = [];
  if (process.env.AUTH_FACEBOOK_ID && process.env.AUTH_FACEBOOK_SECRET) on.push('facebook');
  if (process.env.AUTH_GOOGLE_ID && process.env.AUTH_GOOGLE_SECRET) on.push('google');
  return on;
}

/** A provider account and whether the provider vouches for its e-mail address. */
export type ProviderAccount = SocialIdentity & { emailVerified: boolean };

type FacebookProfile = { id: string; name?: string; email?: string; picture?: { data?: { url?: string } } };

/** Auth.js provider objects for {@link enabledProviders}, with the configured endpoints. */
function providers(): NextAuthConfig['providers'] {
  const env = process.env;
  return enabledProviders().map((id) =>
    id === 'google'
      ? Google({
          clientId: env.AUTH_GOOGLE_ID,
          clientSecret: env.AUTH_GOOGLE_SECRET,
          ...(env.AUTH_GOOGLE_ISSUER ? { issuer: env.AUTH_GOOGLE_ISSUER } : {}),
        })
      : Facebook({
          clientId: env.AUTH_FACEBOOK_ID,
          clientSecret: env.AUTH_FACEBOOK_SECRET,
          ...(env.AUTH_FACEBOOK_AUTHORIZATION_URL
            ? { authorization: { url: env.AUTH_FACEBOOK_AUTHORIZATION_URL, params: { scope: 'email' } } }
            : {}),
          ...(env.AUTH_FACEBOOK_TOKEN_URL ? { token: env.AUTH_FACEBOOK_TOKEN_URL } : {}),
          ...(env.AUTH_FACEBOOK_USERINFO_URL ? { userinfo: { url: env.AUTH_FACEBOOK_USERINFO_URL } } : {}),
          // Facebook leaves out e-mail and picture when the user declines them.
          profile: (p: FacebookProfile) => ({
            id: p.id,
            name: p.name ?? null,
            email: p.email ?? null,
            image: p.picture?.data?.url ?? null,
          }),
        }),
  );
}

/** Auth.js configuration, built per request so the environment is read at run time. */
function config(): NextAuthConfig {
  return {
    providers: providers(),
    secret: serverSecret('auth'),
    basePath: '/api/auth',
    trustHost: true,
    session: { strategy: 'jwt', maxAge: TRANSIT_SECONDS },
    pages: { signIn: '/login', error: '/login' },
    callbacks: {
      /** On sign-in, the transit token carries the provider account and a single-use id. */
      jwt({ token, account, user, profile }) {
        if (!account) return token;
        return {
          transit: crypto.randomUUID(),
          provider: account.provider,
          subject: account.providerAccountId,
          email: user?.email ?? null,
          name: user?.name ?? null,
          // Only Google's OpenID claim counts; Facebook's profile has no verification flag.
          emailVerified: account.provider === 'google' && profile?.email_verified === true,
        };
      },
    },
  };
}

/** Auth.js's route handlers (`app/api/auth/[...nextauth]/route.ts`). */
export const { handlers } = NextAuth(() => config());

/**
 * Reads the transit cookie Auth.js set after a provider exchange, once: a second read of the same
 * token (replay) gives null.
 * @returns the provider account, or null (missing, expired, tampered with or already used)
 */
export async function takeTransitIdentity(request: Request): Promise<ProviderAccount | null> {
  for (const name of TRANSIT_COOKIES) {
    const value = requestCookie(request, name);
    if (!value) continue;
    const t = await decode({ token: value, secret: serverSecret('auth'), salt: name }).catch(() => null);
    if (!t || typeof t.transit !== 'string' || !isSocialProvider(t.provider) || typeof t.subject !== 'string') continue;
    if (!(await claimOnce(`social-transit:${t.transit}`, TRANSIT_SECONDS))) return null;
    return {
      provider: t.provider,
      subject: t.subject,
      email: typeof t.email === 'string' ? t.email : null,
      name: typeof t.name === 'string' ? t.name : null,
      emailVerified: t.emailVerified === true,
    };
  }
  return null;
}

/** The encrypted value of the pending-account cookie for a provider account. */
export function sealPendingIdentity(identity: ProviderAccount): Promise<string> {
  return encode({
    token: { ...identity },
    secret: serverSecret('auth'),
    salt: PENDING_COOKIE,
    maxAge: PENDING_SECONDS,
  });
}

/** The provider account waiting in the pending cookie of a request, or null. */
export async function pendingIdentity(request: Request): Promise<ProviderAccount | null> {
  const value = requestCookie(request, PENDING_COOKIE);
  if (!value) return null;
  const t = await decode({ token: value, secret: serverSecret('auth'), salt: PENDING_COOKIE }).catch(() => null);
  if (!t || !isSocialProvider(t.provider) || typeof t.subject !== 'string') return null;
  return {
    provider: t.provider,
    subject: t.subject,
    email: typeof t.email === 'string' ? t.email : null,
    name: typeof t.name === 'string' ? t.name : null,
    emailVerified: t.emailVerified === true,
  };
}
