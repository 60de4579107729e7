/**
 * Barcodes of releases: EAN-13, UPC-A (12 digits) and an 11-digit UPC-A that lost its leading 0
 * (spreadsheets drop it) all normalise to one canonical EAN-13 (a UPC-A is an EAN-13 with prefix 0),
 * the form stored in `releases.ean`. Check digits are validated with the `gtin` package.
 */
import { isValid } from 'gtin';
import { AppError } from '@/lib/errors';
import { gtinCheckDigit } from './barcode-digits';

export { gtinCheckDigit } from './barcode-digits';

export type BarcodeResult =
  { ok: true; ean13: string } | { ok: false; code: 'barcode_format' | 'barcode_check_digit'; error: string };

/** The canonical EAN-13, or the AppError describing what is wrong. */
function check(input: string): string | AppError {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{11,13}$/.test(digits)) return new AppError('barcode_format', { code: input.trim() });
  const ean13 = digits.padStart(13, '0');
  if (!isValid(ean13)) {
    return new AppError('barcode_check_digit', {
      code: input.trim(),
      actual: ean13.slice(-1),
      expected: gtinCheckDigit(ean13.slice(0, -1)),
    });
  }
  return ean13;
}

/**
 * Normalises a barcode to its canonical EAN-13 without throwing. Spaces and hyphens are ignored.
 * 13 digits: EAN-13; 12 digits: UPC-A (prefixed with 0); 11 digits: UPC-A without its leading 0
 * (prefixed with 00). Anything else, or a wrong check digit, gives `ok: false` with an English
 * message saying what is wrong (for a check digit: the digit given and the one expected).
 */
export function parseBarcode(input: string): BarcodeResult {
  const result = check(input);
  if (typeof result === 'string') return { ok: true, ean13: result };
  return { ok: false, code: result.code as 'barcode_format' | 'barcode_check_digit', error: result.message };
}

/**
 * Canonical EAN-13 of a barcode (see {@link parseBarcode}).
 * @throws AppError `barcode_format` (not 11-13 digits) or `barcode_check_digit` (HTTP 400)
 */
export function normalizeBarcode(input: string): string {
  const result = check(input);
  if (typeof result !== 'string') throw result;
  return result;
}

/** True when the input is a barcode with a correct check digit in one of the accepted forms. */
export function isValidBarcode(input: string): boolean {
  return typeof check(input) === 'string';
}
