'use client';

import { useEffect, type ReactNode } from 'react';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { requireLogin, takePendingAction } from './login-required';
import { knownMember, SESSION_KNOWN } from './session-events';

/**
 * A link to a member action's page ("Write a review", "Start a discussion", "Add a photo"), the
 * same for everyone on a cached page. A visitor's click stays on the page: it shows 'You must be
 * logged in to use this feature' with the login dialog (login-required.ts), and once logged in
 * the browser goes on to the action's page, its form ready. Before the top bar knows who is
 * looking (or without script) the link is followed, and the page asks for the login itself.
 * `loginOnly`: the action is on this very page (the reply form of a thread), which renders again
 * for the member; the link (to /login and back) serves only before the session is known.
 */
export function MemberLink({
  href,
  loginOnly = false,
  className,
  children,
  testId,
}: {
  href: string;
  /** The action is on this page (a reply form): after the login the page itself shows it, nothing to follow. */
  loginOnly?: boolean;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const router = useRouter();
  const key = `link:${href}`;
  useEffect(() => {
    // Once the top bar knows a member is looking (after the dialog's login, or back from
    // Facebook or Google), the action a visitor's click asked for goes on.
    const resume = () => {
      if (knownMember() && takePendingAction(key)) router.push(href);
    };
    resume();
    window.addEventListener(SESSION_KNOWN, resume);
    return () => window.removeEventListener(SESSION_KNOWN, resume);
  }, [key, href, router]);
  return (
    <Link
      href={href}
      // The pages of member actions are rendered per request: nothing to fetch ahead.
      prefetch={false}
      className={className}
      data-testid={testId}
      onClick={(e) => {
        if (knownMember() !== false) return;
        e.preventDefault();
        requireLogin(loginOnly ? undefined : key);
      }}
    >
      {children}
    </Link>
  );
}
