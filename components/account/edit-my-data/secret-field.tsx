'use client';

/**
 * A read-only field holding a secret to copy (a new API token, a calendar's secret address):
 * monospace, and selected whole when it takes focus.
 */
export function SecretField({ id, value, testId }: { id?: string; value: string; testId: string }) {
  return (
    <input
      id={id}
      readOnly
      value={value}
      onFocus={(e) => e.currentTarget.select()}
      className="min-h-10 rounded-lg border border-line bg-paper px-3 font-mono text-sm"
      data-testid={testId}
    />
  );
}
