'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';
import { useRouter } from '@/lib/i18n/navigation';

/**
 * A button that sends one request to the JSON API (cookie session; `body` sent as JSON), confirms the outcome in the
 * snackbar (`done` on success, 'Something went wrong…' otherwise) and re-renders the page from
 * the server. With `confirm`, the browser asks that question first and a cancel sends nothing.
 */
export function ApiActionButton({
  url,
  method,
  body,
  done,
  label,
  ariaLabel,
  variant,
  testId,
  confirm,
}: {
  url: string;
  method: 'POST' | 'DELETE';
  body?: unknown;
  done: string;
  label: string;
  ariaLabel?: string;
  variant: ButtonVariant;
  testId?: string;
  confirm?: string;
}) {
  const tf = useTranslations('forms');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      disabled={busy}
      aria-label={ariaLabel}
      data-testid={testId}
      onClick={async () => {
        if (confirm && !window.confirm(confirm)) return;
        setBusy(true);
        const init: RequestInit =
          body === undefined
            ? { method }
            : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
        const ok = await fetch(url, { ...init, credentials: 'same-origin' }).then(
          (r) => r.ok,
          () => false,
        );
        showSnackbar(ok ? done : tf('submitFailed'));
        setBusy(false);
        router.refresh();
      }}
    >
      {label}
    </Button>
  );
}
