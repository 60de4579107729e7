'use client';

import type { ReactNode } from 'react';
import { requireLogin } from '@/components/account/login-required';

/**
 * A thread's "Log in to take part" for a visitor: the login prompt and dialog on the page (once
 * logged in the thread renders again with the reply form, refresh-on-session.tsx); before the top
 * bar knows who is looking, or without script, a link to /login and back.
 */
export function LoginToComment({
  next,
  className,
  children,
}: {
  next: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <a
      href={`/login?next=${encodeURIComponent(next)}`}
      className={className}
      data-testid="comment-login"
      onClick={(e) => {
        if (document.documentElement.dataset.member !== '0') return;
        e.preventDefault();
        requireLogin();
      }}
    >
      {children}
    </a>
  );
}
