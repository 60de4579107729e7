/**
 * The request-edge helpers of the route wrapper (lib/api/body.ts): strict UTF-8, NUL and lone
 * surrogates refused, raw query strings checked before URLSearchParams would mend them, and the
 * byte cap of a streamed body.
 */
import { describe, expect, it } from 'vitest';
import {
  assertCleanJson,
  assertCleanQuery,
  decodeStrictUtf8,
  isCleanText,
  parseJsonObject,
  readBodyCapped,
} from '@/lib/api/body';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

describe('request text', () => {
  it('decodes valid UTF-8 and refuses broken sequences and NUL', () => {
    expect(decodeStrictUtf8(bytes('Ääni & kuva 🎬'))).toBe('Ääni & kuva 🎬');
    expect(() => decodeStrictUtf8(bytes('a', [0xff]))).toThrow(
      expect.objectContaining({ code: 'bad_text', status: 400 }),
    );
    expect(() => decodeStrictUtf8(bytes('a', [0xc3]))).toThrow(expect.objectContaining({ code: 'bad_text' }));
    expect(() => decodeStrictUtf8(bytes('a', [0x00], 'b'))).toThrow(expect.objectContaining({ code: 'bad_text' }));
  });

  it('isCleanText: no NUL, no lone surrogate; pairs are fine', () => {
    expect(isCleanText('Amélie 🎬')).toBe(true);
    expect(isCleanText('a\u0000')).toBe(false);
    expect(isCleanText('\ud800')).toBe(false);
    expect(isCleanText('x\udc00')).toBe(false);
  });

  it('checks every string of a JSON value, keys included', () => {
    expect(() => assertCleanJson({ a: [1, { b: 'ok' }] })).not.toThrow();
    expect(() => assertCleanJson({ a: [1, { b: 'x\u0000' }] })).toThrow(expect.objectContaining({ code: 'bad_text' }));
    expect(() => assertCleanJson({ ['k\u0000']: 1 })).toThrow(expect.objectContaining({ code: 'bad_text' }));
  });

  it('parses a JSON object body, refusing other JSON and non-JSON as bad_body', () => {
    expect(parseJsonObject(bytes('{"a":"\\u00e9"}'))).toEqual({ a: 'é' });
    for (const text of ['', '  ', '[]', '"a"', 'null', '{"a":'])
      expect(() => parseJsonObject(bytes(text)), text).toThrow(expect.objectContaining({ code: 'bad_body' }));
    expect(() => parseJsonObject(bytes('{"a":"\\u0000"}'))).toThrow(expect.objectContaining({ code: 'bad_text' }));
  });

  it('checks the raw query: percent-encoded invalid UTF-8 or NUL in a name or value', () => {
    expect(() => assertCleanQuery(new URL('http://x/?q=Am%C3%A9lie&fo=7,11&empty=&flag'))).not.toThrow();
    expect(() => assertCleanQuery(new URL('http://x/?q=100%'))).not.toThrow();
    for (const q of ['?q=%FF', '?q=%C3', '?q=a%00', '?%00=1', '?a=1&b=%E2%82'])
      expect(() => assertCleanQuery(new URL(`http://x/${q}`)), q).toThrow(
        expect.objectContaining({ code: 'bad_text' }),
      );
  });
});

describe('readBodyCapped', () => {
  const req = (body: BodyInit | null, headers: Record<string, string> = {}) =>
    new Request('http://x/', { method: 'POST', body, headers });

  it('returns the bytes of a body within the cap, and nothing for no body', async () => {
    expect(new TextDecoder().decode(await readBodyCapped(req('hello'), 5))).toBe('hello');
    expect((await readBodyCapped(req(null), 5)).byteLength).toBe(0);
  });

  it('refuses a declared length over the cap, and an undeclared body once it passes the cap', async () => {
    await expect(readBodyCapped(req('hi', { 'content-length': '999' }), 10)).rejects.toMatchObject({
      code: 'body_too_large',
      status: 413,
    });
    await expect(readBodyCapped(req('x'.repeat(11)), 10)).rejects.toMatchObject({ code: 'body_too_large' });
    await expect(readBodyCapped(req('x'.repeat(2048)), 1024)).rejects.toThrow('The request body is larger than 1 KB');
    await expect(readBodyCapped(req('x'.repeat(11)), 10, () => new Error('own answer'))).rejects.toThrow('own answer');
  });
});
