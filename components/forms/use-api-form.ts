'use client';

import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import type { FormsKey } from '@/lib/i18n/keys';

/** Field errors as message keys of the `forms` namespace (`_form` for the whole form). */
export type FormErrors = Record<string, FormsKey>;

/** What a failed submit left: field errors, or a form-level message key with its parameters. */
export type FormFailure = { errors: FormErrors; params?: Record<string, string | number> };

/** A 429's message (a `forms` key) and its parameters from the seconds to wait. */
export type LimitMessage = { message: FormsKey; params: (seconds: number) => Record<string, string | number> };

/**
 * The form mechanism shared by every form: values as typed (kept after a failed submit), the
 * server's field errors (message keys), submit disabled while a required field is empty, nothing
 * changed, or a submit is running. `formProps(onSuccess)` goes on the form element: a submit POSTs
 * the values as JSON to `endpoint`; a 400 with
 * `{ fields, params? }` sets field errors (with the parameters of their messages), a 429 the `limit` message (default `rateLimited` with `{ seconds }`)
 * with the wait from `Retry-After`, anything else
 * `submitFailed` ('Something went wrong when submitting your changes'). After a success the
 * submitted values count as the unchanged state (submit disabled until the next edit).
 * @returns the response body of a successful (2xx) submit through `onSuccess`
 */
export function useApiForm<V extends Record<string, string>>(opts: {
  endpoint: string;
  /** HTTP method of the submit (default POST). */
  method?: 'POST' | 'PATCH';
  initial: V;
  required: (keyof V)[];
  /** More fields computed at submit time (e.g. the bot check's payload); null cancels the submit. */
  extra?: () => Promise<Record<string, string> | null>;
  /** Value transform before sending (e.g. 'true'/'false' strings to booleans). */
  encode?: (values: V) => Record<string, unknown>;
  /** The message of a 429 and its parameters from the seconds to wait (default `rateLimited`). */
  limit?: LimitMessage;
}) {
  const [values, setValues] = useState<V>(opts.initial);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const initial = useRef(opts.initial);

  const set = useCallback((name: keyof V, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // An edited field's error goes; the others stay until the next submit.
    setFailure((f) =>
      f && f.errors[name as string]
        ? { ...f, errors: Object.fromEntries(Object.entries(f.errors).filter(([k]) => k !== name)) }
        : f,
    );
  }, []);

  const complete = opts.required.every((k) => String(values[k] ?? '').trim() !== '');
  const changed = useMemo(() => Object.keys(values).some((k) => values[k] !== initial.current[k]), [values]);
  const canSubmit = complete && changed && !submitting;

  const submit = useCallback(
    async <T>(onSuccess: (body: T) => void) => {
      setSubmitting(true);
      try {
        const extra = opts.extra ? await opts.extra() : {};
        if (extra === null) return;
        const payload = { ...(opts.encode ? opts.encode(values) : values), ...extra };
        const res = await fetch(opts.endpoint, {
          method: opts.method ?? 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
          credentials: 'same-origin',
        });
        if (res.ok) {
          setFailure(null);
          initial.current = values;
          onSuccess((await res.json()) as T);
          return;
        }
        if (res.status === 429) {
          const seconds = Number(res.headers.get('retry-after')) || 60;
          setFailure({
            errors: { _form: opts.limit?.message ?? 'rateLimited' },
            params: opts.limit ? opts.limit.params(seconds) : { seconds },
          });
          return;
        }
        const body = (await res.json().catch(() => null)) as {
          fields?: FormErrors;
          params?: Record<string, string | number>;
        } | null;
        setFailure(
          res.status === 400 && body?.fields
            ? { errors: body.fields, params: body.params }
            : { errors: { _form: 'submitFailed' } },
        );
      } catch {
        setFailure({ errors: { _form: 'submitFailed' } });
      } finally {
        setSubmitting(false);
      }
    },
    [opts, values],
  );

  /**
   * Props of the form element: no browser validation bubbles (the spec's messages show instead),
   * and a submit that goes through `submit`.
   */
  const formProps = useCallback(
    <T>(onSuccess: (body: T) => void) => ({
      noValidate: true,
      onSubmit: (e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        void submit<T>(onSuccess);
      },
    }),
    [submit],
  );

  return {
    values,
    set,
    errors: failure?.errors ?? {},
    params: failure?.params ?? {},
    submitting,
    canSubmit,
    formProps,
  };
}
