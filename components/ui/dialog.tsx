'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

/** Dialog widths: sm 500 px, md 750 px, lg 900 px (never wider than the viewport). */
export type DialogSize = 'sm' | 'md' | 'lg';

const SIZE_CLASS: Record<DialogSize, string> = {
  sm: 'max-w-[500px]',
  md: 'max-w-[750px]',
  lg: 'max-w-[900px]',
};

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Visible heading, also the dialog's accessible name. */
  title: ReactNode;
  /** Optional description, linked with aria-describedby. */
  description?: ReactNode;
  /** Accessible label of the close (×) button; omit to render no close button. */
  closeLabel?: string;
  size?: DialogSize;
  /** Extra class names for the content panel. */
  className?: string;
  /** Render the panel near the top of the viewport (search) instead of centred. */
  placement?: 'center' | 'top';
  /** Called when the dialog opens; call `event.preventDefault()` to keep focus where you put it. */
  onOpenAutoFocus?: (event: Event) => void;
  /** Accessible role: 'alertdialog' for prompts that need an answer (new-version notice). */
  role?: 'dialog' | 'alertdialog';
  children?: ReactNode;
};

/**
 * The one modal dialog primitive (Radix Dialog): focus trap, Escape to close, scroll lock, and
 * focus returned on close to whatever had it when the dialog opened (callers control `open`
 * themselves, so there is no Radix Trigger). No data and no message keys of its own.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  size = 'sm',
  className,
  placement = 'center',
  onOpenAutoFocus,
  role = 'dialog',
  children,
}: DialogProps) {
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          role={role}
          onOpenAutoFocus={(event) => {
            // Runs before Radix moves focus: remember where to return it.
            const active = document.activeElement;
            returnFocusTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={clsx(
            'fixed left-1/2 z-50 flex w-[calc(100vw-1.5rem)] -translate-x-1/2 flex-col rounded-xl bg-panel p-5 shadow-2xl',
            'max-h-[calc(100dvh-1.5rem)] overflow-y-auto',
            placement === 'center'
              ? 'top-1/2 -translate-y-1/2'
              : 'top-3 nav:top-[8vh] max-h-[calc(100dvh-1.5rem)] nav:max-h-[84vh]',
            SIZE_CLASS[size],
            className,
          )}
        >
          <RadixDialog.Title className="pr-10 text-lg font-semibold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          {closeLabel ? (
            <RadixDialog.Close
              aria-label={closeLabel}
              className="absolute right-3 top-3 inline-flex size-9 items-center justify-center rounded-full text-muted hover:bg-tint hover:text-ink"
            >
              <CloseIcon />
            </RadixDialog.Close>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
