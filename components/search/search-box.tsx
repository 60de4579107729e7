'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect, useState } from 'react';
import { SearchIcon } from '@/components/ui/icons';

/** Loads the dialog's code (Radix Dialog, results, fetching): ~10 KB gzip kept out of the first load. */
const loadSearchDialog = () => import('./search-dialog');
const SearchDialog = lazy(() => loadSearchDialog().then((m) => ({ default: m.SearchDialog })));

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Global search box of the top bar: looks like a search field, opens the master
 * search dialog on click, Enter/Space, or the "/" key anywhere outside a form field.
 * The dialog is code-split: its chunk is fetched when the pointer or focus reaches the button
 * (or on the first open) and it stays mounted after that.
 */
export function SearchBox() {
  const t = useTranslations('search');
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted (closing returns focus, reopening is instant).
  const [mounted, setMounted] = useState(false);
  const show = () => {
    setMounted(true);
    setOpen(true);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target)) {
        event.preventDefault();
        setMounted(true);
        setOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={show}
        onPointerEnter={() => void loadSearchDialog()}
        onFocus={() => void loadSearchDialog()}
        aria-haspopup="dialog"
        aria-label={t('open')}
        title={t('shortcutHint')}
        data-testid="search-open"
        className="flex h-10 w-full min-w-0 items-center gap-2 rounded-full border border-line bg-paper px-3 text-left text-sm text-muted hover:border-muted"
      >
        <SearchIcon className="shrink-0" />
        <span className="truncate">{t('placeholder')}</span>
        <kbd aria-hidden="true" className="ml-auto hidden rounded border border-line px-1.5 text-xs nav:inline">
          /
        </kbd>
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
