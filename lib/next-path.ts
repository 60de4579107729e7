/**
 * Where to return after logging in (`next` parameter of /login and of the social login): a
 * same-site path only, so a crafted link cannot send a user to another site after login.
 */

/** A same-site path (`/…`, not `//…` or `/\…`); "/" for anything else. */
export function safeNextPath(next: string | null | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/**
 * A full path (`/fi/movie/x` or `/movie/x`) split into its login page and the path inside the
 * locale (`/movie/x`), as /login's `next` parameter takes it.
 */
export function splitLocalePath(path: string): { login: string; inner: string } {
  const m = /^\/fi(?=$|[/?#])/.exec(path);
  if (!m) return { login: '/login', inner: path };
  const inner = path.slice(3);
  return { login: '/fi/login', inner: inner.startsWith('/') ? inner : `/${inner}` };
}
