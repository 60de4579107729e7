/**
 * The shared picture helper (lib/images.ts) with real sharp, and POST /api/me/picture: accepted
 * types read from content, metadata stripped, variants written and served, the spec's size
 * message, a pixel bomb refused, the previous picture's files removed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '@/db';
import { POST as pictureRoute } from '@/app/api/me/picture/route';
import { GET as uploadRoute } from '@/app/uploads/[file]/route';
import { PictureError, PICTURE_MAX_BYTES, storePicture } from '@/lib/images';
import { createSession } from '@/lib/data/sessions';
import { getUser, registerUser } from '@/lib/data/users';
import { createTestDb } from '../support/db';
import { useAsProcessDb } from './api-fixtures';

const ORIGIN = 'http://localhost';
let uploads = '';

/** A photo-like JPEG with EXIF (camera make and GPS-like comment) of the given size. */
function jpegWithExif(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'home at 60.17N 24.94E' } })
    .toBuffer();
}

beforeAll(() => {
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  vi.stubEnv('UPLOAD_DIR', uploads);
});
afterAll(() => {
  // Restores the previous value, or removes the variable when it was unset.
  vi.unstubAllEnvs();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe('storePicture', () => {
  it('writes WebP variants no wider than asked, without the original metadata', async () => {
    const stored = await storePicture(await jpegWithExif(), { lg: 400, sm: 96 });
    expect(stored).toMatchObject({ width: 1200, height: 800 });
    expect(stored.file).toMatch(/^[A-Za-z0-9_-]{16}\.webp$/);
    const lg = await sharp(path.join(uploads, `lg-${stored.file}`)).metadata();
    expect(lg).toMatchObject({ format: 'webp', width: 400, height: 267 });
    expect(lg.exif).toBeUndefined();
    const raw = fs.readFileSync(path.join(uploads, `lg-${stored.file}`));
    expect(raw.includes(Buffer.from('SecretCam'))).toBe(false);
    expect((await sharp(path.join(uploads, `sm-${stored.file}`)).metadata()).width).toBe(96);
    // A small picture is not enlarged.
    const small = await storePicture(await jpegWithExif(50, 40), { lg: 400 });
    expect((await sharp(path.join(uploads, `lg-${small.file}`)).metadata()).width).toBe(50);
  });

  it('accepts png, gif and webp; refuses other content whatever its name, oversized files and pixel bombs', async () => {
    for (const fmt of ['png', 'gif', 'webp'] as const) {
      const buf = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
        [fmt]()
        .toBuffer();
      await expect(storePicture(buf, { sm: 96 })).resolves.toMatchObject({ width: 20 });
    }
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    await expect(storePicture(tiff, { sm: 96 })).rejects.toMatchObject({ key: 'pictureType' });
    await expect(
      storePicture(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        ),
        { sm: 96 },
      ),
    ).rejects.toMatchObject({ key: 'pictureType' });
    await expect(storePicture(Buffer.from('not a picture at all'), { sm: 96 })).rejects.toBeInstanceOf(PictureError);
    const huge = Buffer.alloc(PICTURE_MAX_BYTES + 1);
    await expect(storePicture(huge, { sm: 96 })).rejects.toMatchObject({
      key: 'pictureTooLarge',
      params: { 0: 20.1, 1: 20 },
    });
    // 7,000 × 6,000 = 42 megapixels of one colour: a small PNG that would decode to 126 MB.
    const bomb = await sharp({ create: { width: 7_000, height: 6_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(storePicture(bomb, { sm: 96 })).rejects.toMatchObject({ key: 'pictureTooManyPixels' });
  });
});

describe('POST /api/me/picture', () => {
  let h: DbHandle;
  let cookie = '';
  let publicId = '';
  beforeAll(async () => {
    h = await createTestDb('pglite');
    useAsProcessDb(h);
    const r = await registerUser(
      {
        name: 'Picture Pia',
        email: 'pia@example.fi',
        password: 'Polaroid-Memories-70',
        password2: 'Polaroid-Memories-70',
      },
      {},
      h.db,
    );
    if (!r.ok) throw new Error('register');
    publicId = r.user.public_id;
    cookie = `discshelf_session=${(await createSession(r.userId, {}, h.db)).token}`;
  });
  afterAll(async () => {
    await h?.close();
  });

  const upload = async (body: Buffer, name = 'photo.jpg') => {
    const form = new FormData();
    form.set('picture', new Blob([new Uint8Array(body)]), name);
    return pictureRoute(
      new Request(`${ORIGIN}/api/me/picture`, { method: 'POST', headers: { origin: ORIGIN, cookie }, body: form }),
    );
  };

  it('stores the picture, serves its variants, and removes the previous one on replacement', async () => {
    const first = await upload(await jpegWithExif());
    expect(first.status).toBe(200);
    const { picture } = (await first.json()) as { picture: string };
    expect((await getUser(publicId, h.db))?.picture).toBe(picture);
    const served = await uploadRoute(new Request(`${ORIGIN}/uploads/sm-${picture}`), {
      params: Promise.resolve({ file: `sm-${picture}` }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const second = await upload(await jpegWithExif(600, 600));
    const next = ((await second.json()) as { picture: string }).picture;
    expect(fs.existsSync(path.join(uploads, `lg-${picture}`))).toBe(false);
    expect(fs.existsSync(path.join(uploads, `lg-${next}`))).toBe(true);
    const bad = await uploadRoute(new Request(`${ORIGIN}/uploads/../../etc/passwd`), {
      params: Promise.resolve({ file: '../../etc/passwd' }),
    });
    expect(bad.status).toBe(404);
  });

  it('answers the spec message key for a file that is not a picture, and 401 without a session', async () => {
    const res = await upload(Buffer.from('%PDF-1.4 not a picture'), 'cover.jpg');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { picture: 'pictureUnreadable' } });
    const anonymous = await pictureRoute(
      new Request(`${ORIGIN}/api/me/picture`, { method: 'POST', headers: { origin: ORIGIN }, body: new FormData() }),
    );
    expect(anonymous.status).toBe(401);
  });

  it('answers 413 pictureTooLarge for a file just over 20 MB whose request fits the form margin', async () => {
    const res = await upload(Buffer.alloc(PICTURE_MAX_BYTES + 1024));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: 'invalid',
      fields: { picture: 'pictureTooLarge' },
      params: { 0: 20.1, 1: 20 },
    });
  });
});
