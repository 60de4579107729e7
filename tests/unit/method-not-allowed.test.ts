import { describe, expect, it } from 'vitest';
import { isApiTarget } from '@/lib/api/url-text';
import { methodNotAllowedAnswer } from '@/lib/server/method-not-allowed';

describe('methodNotAllowedAnswer', () => {
  it('answers 405 JSON naming the method, with the Allow header the path serves', () => {
    const answer = methodNotAllowedAnswer('PUT', 'GET, HEAD, OPTIONS');
    expect(answer.status).toBe(405);
    expect(answer.headers).toEqual({
      'content-type': 'application/json',
      'cache-control': 'no-store',
      allow: 'GET, HEAD, OPTIONS',
    });
    expect(JSON.parse(answer.body)).toEqual({
      error: 'Method PUT is not allowed on this path: the Allow header lists the ones it serves',
    });
  });

  it('leaves Allow out when the methods are not known, and cuts a long method token', () => {
    const answer = methodNotAllowedAnswer('X'.repeat(500), null);
    expect(answer.headers).not.toHaveProperty('allow');
    expect(JSON.parse(answer.body).error).toBe(
      `Method ${'X'.repeat(20)} is not allowed on this path: the Allow header lists the ones it serves`,
    );
  });
});

describe('isApiTarget', () => {
  it.each([
    ['/api', true],
    ['/api/releases', true],
    ['/api?x=1', true],
    ['/api#a', true],
    ['/apis', false],
    ['/fi/api/releases', false],
    ['/release/api', false],
  ])('%s → %s', (url, expected) => {
    expect(isApiTarget(url)).toBe(expected);
  });
});
