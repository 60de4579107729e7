'use client';

import { useEffect, useState } from 'react';
import type { SearchResult } from '@/lib/data/types';

/** Delay between the last keystroke and the request, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 250;

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; result: SearchResult }
  | { status: 'error'; query: string };

/**
 * Debounced `GET /api/search?q=` (JSON SearchResult). Each new query aborts the previous
 * request; an empty query is idle. Network or HTTP errors give `status: 'error'`.
 */
export function useSearch(rawQuery: string): SearchState {
  const query = rawQuery.trim();
  const [state, setState] = useState<SearchState>({ status: 'idle' });

  useEffect(() => {
    if (!query) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      setState({ status: 'loading', query });
      try {
        const response = await fetch(`/api/search?q=${encodeURIComponent(query)}`, {
          signal: controller.signal,
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`search ${response.status}`);
        const result = (await response.json()) as SearchResult;
        setState({ status: 'done', query, result });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('search failed', error);
        setState({ status: 'error', query });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return state;
}
