import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isValidBarcode, normalizeBarcode, parseBarcode } from '@/lib/barcode';
import { AppError } from '@/lib/errors';

describe('barcode normalisation', () => {
  it('keeps a valid EAN-13 as it is (real codes from the filmbrainz samples)', () => {
    expect(normalizeBarcode('5017180816203')).toBe('5017180816203');
    expect(normalizeBarcode('5050582371710')).toBe('5050582371710');
  });

  it('turns a UPC-A into its EAN-13 with prefix 0', () => {
    expect(normalizeBarcode('786936224306')).toBe('0786936224306');
    expect(normalizeBarcode('0786936224306')).toBe('0786936224306');
  });

  it('restores an 11-digit UPC-A that lost its leading 0, so all three forms are one code', () => {
    const forms = ['0024543602859', '024543602859', '24543602859'];
    expect(new Set(forms.map(normalizeBarcode))).toEqual(new Set(['0024543602859']));
  });

  it('ignores spaces and hyphens', () => {
    expect(normalizeBarcode(' 5 017180-816203 ')).toBe('5017180816203');
  });

  it('rejects a wrong check digit with a message naming the digit expected', () => {
    const result = parseBarcode('5017180816204');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe('barcode_check_digit');
    expect(result.error).toContain('5017180816204');
    expect(result.error).toContain('should be 3');
    expect(() => normalizeBarcode('5017180816204')).toThrow(AppError);
  });

  it('does not take 86936224306 for 786936224306: a lost 7 is not a lost 0', () => {
    // 086936224306 fails the check digit, so the 11-digit reading is refused.
    const result = parseBarcode('86936224306');
    expect(result).toMatchObject({ ok: false, code: 'barcode_check_digit' });
  });

  it('rejects codes of the wrong length or with letters', () => {
    for (const bad of ['12345', '50171808162031', 'ABC5017180816', '']) {
      expect(parseBarcode(bad)).toMatchObject({ ok: false, code: 'barcode_format' });
      expect(isValidBarcode(bad)).toBe(false);
    }
  });

  it('computes GS1 check digits', () => {
    expect(gtinCheckDigit('501718081620')).toBe('3');
    expect(gtinCheckDigit('78693622430')).toBe('6');
    expect(gtinCheckDigit('505058237171')).toBe('0');
  });

  it('thrown errors map to HTTP 400', () => {
    try {
      normalizeBarcode('786936224307');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).message).toMatch(/check digit 7.*should be 6/);
    }
  });
});

describe("the browser's canonical EAN-13 (lib/barcode-digits.ts)", () => {
  it('agrees with the server on every valid form, and refuses what the server refuses', async () => {
    const { canonicalEan } = await import('@/lib/barcode-digits');
    for (const code of ['5017180816203', '786936224306', '24543602859', ' 5 017180-816203 ', '0024543602859'])
      expect(canonicalEan(code), code).toBe(normalizeBarcode(code));
    for (const code of ['5017180816204', '12345', '50171808162031', 'abcdefghijklm', ''])
      expect([code, canonicalEan(code)]).toEqual([code, null]);
  });
});
