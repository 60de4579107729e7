/**
 * Parts loaded after the page (components/ui/client-only.tsx): the loading note is a status in the
 * page's language until the code has arrived, then the loaded component gets the props.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { clientOnly, LoadingNote } from '@/components/ui/client-only';

afterEach(cleanup);

describe.each([
  ['en', en],
  ['fi', fi],
] as const)('clientOnly in %s', (locale, messages) => {
  it('announces the loading note, then shows the loaded part with its props', async () => {
    let arrive: (c: (p: { name: string }) => React.ReactNode) => void = () => {};
    const Part = clientOnly(
      () => new Promise<(p: { name: string }) => React.ReactNode>((resolve) => (arrive = resolve)),
      <LoadingNote />,
    );
    render(
      <NextIntlClientProvider locale={locale} messages={messages}>
        <Part name="Criterion" />
      </NextIntlClientProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe(messages.common.loading);
    await act(async () => arrive(({ name }) => <p>loaded {name}</p>));
    expect(screen.getByText('loaded Criterion')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
