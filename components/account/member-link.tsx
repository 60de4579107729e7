'use client';

import { useEffect, type ReactNode } from 'react';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { requireLogin, takePendingAction } from './login-required';
import { SESSION_CHANGED } from './session-events';

/**
 * A link to a member action's page ("Write a review", "Start a discussion", "Add a photo",
 * "Suggest an edit"), the same for everyone on a cached page. A visitor's click stays on the page:
 * it shows 'You must be logged in to use this feature' with the login dialog (login-required.ts),
 * and once logged in (in the dialog, or through Facebook or Google and back) the browser goes on
 * to the action's page, its form ready. Before the top bar knows who is looking (the `member`
 * mark user-widget.tsx puts on the page), or without script, the link is followed and that page
 * asks for the login itself.
 */
export function MemberLink({
  href,
  className,
  children,
  testId,
}: {
  href: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const router = useRouter();
  useEffect(() => {
    const resume = () => {
      if (takePendingAction(href)) router.push(href);
    };
    resume();
    window.addEventListener(SESSION_CHANGED, resume);
    return () => window.removeEventListener(SESSION_CHANGED, resume);
  }, [href, router]);
  return (
    <Link
      href={href}
      // The pages of member actions are rendered per request: nothing to fetch ahead.
      prefetch={false}
      className={className}
      data-testid={testId}
      onClick={(e) => {
        if (document.documentElement.dataset.member !== '0') return;
        e.preventDefault();
        requireLogin(href);
      }}
    >
      {children}
    </Link>
  );
}
