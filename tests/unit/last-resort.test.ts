/** lib/server/last-resort.ts: the app server's last-resort 500 text, translated by the path's locale. */
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { lastResortText } from '@/lib/server/last-resort';

describe('lastResortText', () => {
  it('is the English message with the request id, or the Finnish one under /fi', () => {
    expect(lastResortText('/release/abc?x=1', 'req-1')).toBe(`${en.errors.serverError}\nError code: req-1\n`);
    expect(lastResortText('/fi/release/abc', 'req-2')).toBe(`${fi.errors.serverError}\nVirhekoodi: req-2\n`);
    expect(lastResortText('/fi?q=1', 'req-3')).toContain(fi.errors.serverError);
    // A path that merely starts with the letters is English.
    expect(lastResortText('/films', 'req-4')).toContain(en.errors.serverError);
    expect(lastResortText(undefined, 'req-5')).toContain('req-5');
  });
});
