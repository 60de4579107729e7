/**
 * Barcode digits without dependencies, for the browser (the scanner checks what the camera read or
 * the member typed before asking the server, and answers offline): the GS1 check digit and the
 * canonical EAN-13 of lib/barcode.ts, which the server's validation also uses.
 */

/** GS1 mod-10 check digit of the digits before it (`body` without the check digit). */
export function gtinCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * The canonical EAN-13 of a barcode (13 digits: EAN-13; 12: UPC-A, prefixed with 0; 11: UPC-A
 * without its leading 0, prefixed with 00; spaces and hyphens ignored), or null when it is not
 * 11-13 digits or its check digit is wrong.
 */
export function canonicalEan(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{11,13}$/.test(digits)) return null;
  const ean13 = digits.padStart(13, '0');
  return gtinCheckDigit(ean13.slice(0, -1)) === ean13.slice(-1) ? ean13 : null;
}
