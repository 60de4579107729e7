import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { EMPTY_ENTRY, EntryInputs } from '@/components/collections/entry-inputs';

afterEach(cleanup);

function renderInputs(locale: 'en' | 'fi', item: 'movie' | 'release' = 'release') {
  const onValue = vi.fn();
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fi}>
      <EntryInputs item={item} values={EMPTY_ENTRY} errors={{}} onValue={onValue} />
    </NextIntlClientProvider>,
  );
  return onValue;
}

describe('EntryInputs (the fields of a collection entry in the add and edit dialogs)', () => {
  it("shows the price example with the locale's decimal mark", () => {
    renderInputs('fi');
    expect(screen.getByLabelText('Hinta').getAttribute('placeholder')).toBe('19,99');
    cleanup();
    renderInputs('en');
    expect(screen.getByLabelText('Price').getAttribute('placeholder')).toBe('19.99');
  });

  it('reports what is typed, field by field', () => {
    const onValue = renderInputs('fi');
    fireEvent.change(screen.getByLabelText('Hinta'), { target: { value: '19,90' } });
    expect(onValue).toHaveBeenCalledWith('price', '19,90');
  });
});
