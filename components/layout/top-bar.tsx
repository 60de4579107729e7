'use client';

import { useTranslations } from 'next-intl';
import type { RefObject } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { BarcodeIcon, DiscIcon, MenuIcon } from '@/components/ui/icons';
import { SearchBox } from '@/components/search/search-box';
import { UserWidget } from '@/components/account/user-widget';

type TopBarProps = {
  menuExpanded: boolean;
  onToggleMenu: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
};

/**
 * Top bar: menu toggle, logo linking home, global search box, the barcode scanner's button (on
 * phones) and the account slot
 * (`#account-slot`: the login link for visitors, the user widget when logged in; read from the
 * browser so the page HTML stays the same for everyone).
 */
export function TopBar({ menuExpanded, onToggleMenu, toggleRef }: TopBarProps) {
  const t = useTranslations('layout');
  const tc = useTranslations('common');
  return (
    <header className="sticky top-0 z-40 flex h-topbar items-center gap-2 border-b border-line bg-panel/95 px-2 backdrop-blur nav:gap-4 nav:px-4">
      <button
        ref={toggleRef}
        type="button"
        aria-controls="drawer"
        aria-expanded={menuExpanded}
        aria-label={menuExpanded ? t('closeMenu') : t('openMenu')}
        onClick={onToggleMenu}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg hover:bg-tint"
        data-testid="menu-toggle"
      >
        <MenuIcon />
      </button>
      <Link
        href="/"
        aria-label={t('homeLink')}
        className="flex shrink-0 items-center gap-1.5 rounded-md px-1 text-lg font-extrabold tracking-tight"
      >
        <DiscIcon className="text-accent" />
        {/* On the narrowest phones the disc alone stands for the name (the link's label keeps it),
            so the scan button and a member's account corner fit beside the search field. */}
        <span className="hidden min-[26rem]:inline">{tc('brand')}</span>
      </Link>
      <div className="min-w-0 flex-1 nav:max-w-xl">
        <SearchBox />
      </div>
      {/* On a phone the scanner is one tap away (on wider screens it is in the drawer). */}
      <Link
        href="/scan"
        aria-label={t('scan')}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg hover:bg-tint nav:hidden"
      >
        <BarcodeIcon />
      </Link>
      <div id="account-slot" className="ml-auto flex shrink-0 items-center">
        <UserWidget />
      </div>
    </header>
  );
}
