/**
 * Where to return after logging in (`next` parameter of /login and of the social login): a
 * same-site path only, so a crafted link cannot send a user to another site after login.
 */

/** A same-site path (`/…`, not `//…` or `/\…`); "/" for anything else. */
export function safeNextPath(next: string | null | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/** The login page of the locale a path belongs to (`/fi/…` → `/fi/login`). */
export function loginPathFor(path: string): string {
  return path === '/fi' || path.startsWith('/fi/') || path.startsWith('/fi?') ? '/fi/login' : '/login';
}
