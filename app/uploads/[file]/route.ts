import fs from 'node:fs';
import path from 'node:path';
import { uploadDir } from '@/lib/images';

export const dynamic = 'force-dynamic';

/**
 * GET /uploads/{size}-{file}.webp: a stored picture variant (lib/images.ts), as image/webp with a
 * year of immutable caching (names are random and never reused). 404 for anything else.
 */
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await context.params;
  if (!/^[a-z]{2}-[A-Za-z0-9_-]{16}\.webp$/.test(file)) return new Response('Not found', { status: 404 });
  const full = path.join(uploadDir(), file);
  try {
    const body = await fs.promises.readFile(full);
    return new Response(new Uint8Array(body), {
      headers: {
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}
