/**
 * Text of a raw URL without dependencies (the page proxy imports it): percent-decoding to bytes and
 * the check that a path or query string is valid UTF-8 without NUL. lib/api/body.ts builds the
 * API's checks on the same decoding.
 */

/**
 * True when a raw, still percent-encoded part of a URL (a path or a query string) decodes to valid
 * UTF-8 without NUL: `%00`, `%FF` or a broken sequence make it false. Pure; the page proxy
 * (proxy.ts) answers such a URL 400 before a page reads it.
 */
export function isCleanUrlPart(raw: string): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(percentDecode(raw));
  } catch {
    return false;
  }
  return !text.includes('\u0000');
}

/** The bytes of a percent-encoded string (a `%` not followed by two hex digits stays as it is). */
export function percentDecode(s: string): Uint8Array {
  const out: number[] = [];
  const raw = new TextEncoder().encode(s);
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i];
    if (b === 0x25 && i + 2 < raw.length && isHex(raw[i + 1]) && isHex(raw[i + 2])) {
      out.push(parseInt(String.fromCharCode(raw[i + 1], raw[i + 2]), 16));
      i += 2;
    } else out.push(b);
  }
  return Uint8Array.from(out);
}

function isHex(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
}

/**
 * True when a raw, still percent-encoded path names a literal percent sign: an encoded one
 * (`%25`) or a `%` that starts no escape (`%zz`, a trailing `%`). No page or API path of the app
 * holds one, and Next decodes such a path's parameters a second time after the page proxy's
 * rewrite (or fails to decode a broken escape at all), answering 500; the app answers it as the
 * unknown path it is instead. Pure.
 */
export function hasLiteralPercent(rawPath: string): boolean {
  return /%25|%(?![0-9A-Fa-f]{2})/i.test(rawPath);
}

/** True for a raw request target (path and query, as `req.url` has it) under `/api`. Pure. */
export function isApiTarget(url: string): boolean {
  return /^\/api(?:[/?#]|$)/.test(url);
}
