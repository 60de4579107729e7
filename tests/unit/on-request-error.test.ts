/**
 * Next's onRequestError hook (instrumentation.ts): one redacted log line that ties the digest the
 * 500 page shows to the request id and the path.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onRequestError } from '@/instrumentation';

afterEach(() => {
  vi.restoreAllMocks();
});

const context = {
  routerKind: 'App Router',
  routePath: '/[locale]/release/[publicId]',
  routeType: 'render',
  renderSource: 'server-rendering',
  revalidateReason: undefined,
  renderType: 'dynamic',
} as const;

describe('onRequestError', () => {
  it('logs digest, request id, method, path and route; the error redacted', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = Object.assign(new Error('lookup failed for someone@example.fi'), { digest: '1234567890' });
    await onRequestError(
      error,
      { path: '/fi/release/abc?token=s3cr3t', method: 'GET', headers: { 'x-request-id': '00ff00ff00ff00ff' } },
      context,
    );
    expect(log).toHaveBeenCalledTimes(1);
    const [line, detail] = log.mock.calls[0] as [string, string];
    expect(line).toBe(
      'request_id=00ff00ff00ff00ff server error digest=1234567890 GET /fi/release/abc?token=[redacted] (render /[locale]/release/[publicId])',
    );
    expect(detail).toMatch(/^Error: lookup failed for \[email\] \(digest=1234567890\)\n/);
  });

  it('without a digest or a request id header: "-" and no prefix', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await onRequestError('plain', { path: '/api/x', method: 'POST', headers: {} }, { ...context, routeType: 'route' });
    expect(log.mock.calls[0]).toEqual([
      'server error digest=- POST /api/x (route /[locale]/release/[publicId])',
      'plain',
    ]);
  });
});
