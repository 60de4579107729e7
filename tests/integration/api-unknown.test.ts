/** An /api/ path no route handles answers JSON 404, never the HTML 404 page. */
import { describe, expect, it } from 'vitest';
import { GET, POST } from '@/app/api/[...path]/route';

describe('unknown API endpoints', () => {
  it.each([
    ['GET', GET],
    ['POST', POST],
  ])('%s /api/nope → 404 JSON', async (_method, handler) => {
    const res = handler();
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: '404 not found' });
  });
});
