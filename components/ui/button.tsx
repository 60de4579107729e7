import { clsx } from 'clsx';
import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const VARIANT_CLASS: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-white hover:bg-accent-hover',
  secondary: 'border border-line bg-panel text-ink hover:bg-tint',
  ghost: 'text-ink hover:bg-tint',
};

const BASE_CLASS =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium transition-colors';

/** The classes of a house button of `variant`, for a link that looks like one. */
export function buttonClass(variant: ButtonVariant = 'primary'): string {
  return `${BASE_CLASS} ${VARIANT_CLASS[variant]}`;
}

/** Plain button with the house variants; same props as `<button>` (type defaults to "button"). */
export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={clsx(buttonClass(variant), 'disabled:opacity-50', className)} {...props} />;
}
