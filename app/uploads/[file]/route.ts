import fs from 'node:fs';
import path from 'node:path';
import { uploadDir } from '@/lib/images';
import { UPLOADED_FILE_NAME } from '@/lib/picture-urls';

export const dynamic = 'force-dynamic';

/**
 * GET /uploads/{size}-{file}.webp (or {size}-{variant}-{file}.webp, a full cover's variant): a stored
 * picture size (lib/images.ts, names in lib/picture-urls.ts), as image/webp with a
 * year of immutable caching (names are random and never reused). 404 for anything else.
 */
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await context.params;
  if (!UPLOADED_FILE_NAME.test(file)) return new Response('Not found', { status: 404 });
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
