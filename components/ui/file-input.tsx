'use client';

import { useState, type InputHTMLAttributes } from 'react';

/**
 * A file field in the page's language. A bare `<input type="file">` draws its button and its
 * "no file" text in the browser's language ("Choose File", "No file chosen" on a Finnish page);
 * here the native input stays the control (keyboard focus, screen readers, forms, the picker),
 * transparent over the whole field so a click anywhere on it opens the picker, and the field
 * draws under it `texts.choose` and the chosen file's name or `texts.none` (`common.chooseFile` and
 * `common.noFileChosen`, translated by the caller: the page's own texts cost no formatter here).
 * Other props are the input's (`id`, `accept`, `onChange`, `disabled`, `aria-*`); the shown name
 * follows the input after `onChange` ran, so a handler that clears the input clears the name.
 */
export function FileInput({
  texts,
  onChange,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & { texts: { choose: string; none: string } }) {
  const [name, setName] = useState<string | null>(null);
  return (
    <div className="file-field">
      <span aria-hidden="true" className="shrink-0 rounded-md bg-accent px-3 py-1.5 text-white">
        {texts.choose}
      </span>
      <span aria-hidden="true" className="min-w-0">
        {name ?? texts.none}
      </span>
      <input
        {...props}
        type="file"
        onChange={(e) => {
          onChange?.(e);
          setName(e.target.files?.[0]?.name ?? null);
        }}
        className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
      />
    </div>
  );
}
