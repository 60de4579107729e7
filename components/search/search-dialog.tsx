'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { SearchIcon } from '@/components/ui/icons';
import { SearchResults } from './search-results';
import { useSearch } from './use-search';

/** Focusable result links inside the results container, in document order. */
function resultLinks(container: HTMLElement | null): HTMLAnchorElement[] {
  return container ? Array.from(container.querySelectorAll<HTMLAnchorElement>('a[data-search-result]')) : [];
}

/**
 * Master search dialog: a search field with debounced results grouped into movies
 * and TV, releases, reviews, labels and persons. Arrow keys move between the field and the
 * results; Escape closes; choosing a result navigates and closes.
 */
export function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('search');
  const tc = useTranslations('common');
  const [query, setQuery] = useState('');
  const state = useSearch(open ? query : '');
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const descriptionId = useId();
  const resultsId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = resultLinks(resultsRef.current);
    if (links.length === 0) return;
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    event.preventDefault();
    if (event.key === 'ArrowDown') {
      links[Math.min(index + 1, links.length - 1)]?.focus();
    } else if (index <= 0) {
      inputRef.current?.focus();
    } else {
      links[index - 1]?.focus();
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('dialogTitle')}
      closeLabel={tc('close')}
      size="md"
      placement="top"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
      }}
    >
      <div onKeyDown={onKeyDown} data-testid="search-dialog">
        <p id={descriptionId} className="-mt-2 mb-3 text-sm text-muted">
          {t('dialogDescription')}
        </p>
        <div className="flex items-center gap-2 rounded-lg border border-line bg-paper px-3 focus-within:border-focus">
          <SearchIcon className="shrink-0 text-muted" />
          <input
            ref={inputRef}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-label={t('inputLabel')}
            aria-describedby={descriptionId}
            aria-controls={resultsId}
            placeholder={t('placeholder')}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            className="h-11 w-full bg-transparent text-base outline-none"
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                resultLinks(resultsRef.current)[0]?.click();
              }
            }}
          />
        </div>
        <div ref={resultsRef} id={resultsId} className="mt-4">
          <SearchResults
            state={state}
            onNavigate={() => onOpenChange(false)}
            onSuggest={(suggestion) => {
              setQuery(suggestion);
              inputRef.current?.focus();
            }}
          />
        </div>
      </div>
    </Dialog>
  );
}
