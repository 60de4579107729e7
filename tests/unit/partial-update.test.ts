import { describe, expect, it } from 'vitest';
import { overStored } from '@/lib/data/partial-update';

describe('a partial update over the stored values', () => {
  const stored = { name: 'Owned', description: 'Blu-rays' as string | null, visibility: 'private', style: 3 };

  it('keeps what is left out, replaces what is given, and clears with null or ""', () => {
    expect(overStored(stored, { name: 'Shelf' })).toEqual({ ...stored, name: 'Shelf' });
    expect(overStored(stored, { description: null, visibility: undefined })).toEqual({ ...stored, description: null });
    expect(overStored(stored, { description: '' })).toEqual({ ...stored, description: '' });
    expect(overStored(stored, {})).toEqual(stored);
  });

  it('ignores keys the stored record does not have (ids and other route fields)', () => {
    const given = { name: 'Shelf', publicId: 'abcdefghij' } as Partial<typeof stored>;
    expect(overStored(stored, given)).toEqual({ ...stored, name: 'Shelf' });
    expect(stored.name).toBe('Owned');
  });
});
