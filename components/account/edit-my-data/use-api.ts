'use client';

import { useCallback, useEffect, useState } from 'react';

/** What {@link useApiData} holds: the answer's body, or why there is none yet. */
export type ApiData<T> =
  | { state: 'loading'; data: null }
  | { state: 'ok'; data: T }
  /** `status`: the HTTP status of a non-2xx answer, 0 when no answer came (network error). */
  | { state: 'failed'; data: null; status: number };

/**
 * Loads `url` (GET, the session cookie, no cache) in the browser as JSON of type `T` (the API's
 * own DTO types), and again on `reload()`. Only a 2xx answer counts: any other status, or no
 * answer, is `failed` with that status; the last good data stays until a reload succeeds.
 */
export function useApiData<T>(url: string): ApiData<T> & { reload: () => Promise<void> } {
  const [result, setResult] = useState<ApiData<T>>({ state: 'loading', data: null });
  const reload = useCallback(async () => {
    const res = await fetch(url, { credentials: 'same-origin', cache: 'no-store' }).catch(() => null);
    const body = res?.ok ? ((await res.json().catch(() => undefined)) as T | undefined) : undefined;
    if (res?.ok && body !== undefined) setResult({ state: 'ok', data: body });
    else
      setResult((prev) =>
        prev.state === 'ok' ? prev : { state: 'failed', data: null, status: res?.ok ? 0 : (res?.status ?? 0) },
      );
  }, [url]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...result, reload };
}

/**
 * Sends DELETE `url` with the session cookie: true only when the server answered 2xx; false for
 * any other status (404 already gone or not the user's, 401/403, 500) or when no answer came.
 */
export async function sendDelete(url: string): Promise<boolean> {
  const res = await fetch(url, { method: 'DELETE', credentials: 'same-origin' }).catch(() => null);
  return res?.ok ?? false;
}
