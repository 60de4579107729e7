'use client';

import { clsx } from 'clsx';
import { Link, usePathname } from '@/lib/i18n/navigation';

/**
 * One drawer link, marked as the current page (`aria-current`, highlighted) when the path is its
 * href. The only client part of the drawer: the menus themselves are rendered on the server.
 */
export function NavLink({ href, label }: { href: string; label: string }) {
  const current = usePathname() === href;
  return (
    <li>
      <Link
        href={href}
        aria-current={current ? 'page' : undefined}
        className={clsx(
          'block rounded-lg px-3 py-2 text-[0.9375rem] hover:bg-black/5',
          current ? 'bg-accent-soft font-semibold text-accent-strong' : 'text-ink',
        )}
      >
        {label}
      </Link>
    </li>
  );
}
