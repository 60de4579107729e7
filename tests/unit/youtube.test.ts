/** YouTube links (lib/validation/youtube.ts): the forms members paste, start times, the stored service id, the player. */
import { describe, expect, it } from 'vitest';
import {
  parseServiceId,
  parseYoutubeUrl,
  youtubeEmbedUrl,
  youtubeServiceId,
  youtubeThumbnailUrl,
  youtubeVideoId,
  youtubeWatchUrl,
} from '@/lib/validation/youtube';

describe('youtubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['http://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/a_b-C1d2E3f', 'a_b-C1d2E3f'],
    ['  https://www.youtube.com/live/dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('%s → %s', (url, id) => {
    expect(youtubeVideoId(url)).toBe(id);
  });

  it.each([
    'https://vimeo.com/123456',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQX',
    'https://www.youtube.com/channel/UCabcdefghijk',
    'https://evilyoutube.com/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'ftp://youtu.be/dQw4w9WgXcQ',
    'youtu.be/dQw4w9WgXcQ',
    'not a url',
  ])('refuses %s', (url) => {
    expect(youtubeVideoId(url)).toBeNull();
  });
});

describe('parseYoutubeUrl', () => {
  it.each([
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 42],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42', 42],
    ['https://youtu.be/dQw4w9WgXcQ?t=1m30s', 90],
    ['https://youtu.be/dQw4w9WgXcQ?si=x&t=1h2m3s', 3723],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=75', 75],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=5', 5],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', null],
    ['https://youtu.be/dQw4w9WgXcQ?t=0', null],
    ['https://youtu.be/dQw4w9WgXcQ?t=soon', null],
    ['https://youtu.be/dQw4w9WgXcQ?t=90000', null],
  ])('%s starts at %s', (url, start) => {
    expect(parseYoutubeUrl(url)).toEqual({ id: 'dQw4w9WgXcQ', start });
  });

  it('refuses a youtu.be link with more than one path segment and a watch link without an id', () => {
    expect(parseYoutubeUrl('https://youtu.be/dQw4w9WgXcQ/extra')).toBeNull();
    expect(parseYoutubeUrl('https://www.youtube.com/watch?list=PL123')).toBeNull();
    expect(parseYoutubeUrl('https://www.youtube.com/playlist?list=PL123')).toBeNull();
  });
});

describe('stored videos', () => {
  it('keep the start time in the service id and read it back', () => {
    expect(youtubeServiceId({ id: 'dQw4w9WgXcQ', start: null })).toBe('dQw4w9WgXcQ');
    expect(youtubeServiceId({ id: 'dQw4w9WgXcQ', start: 90 })).toBe('dQw4w9WgXcQ?t=90');
    expect(parseServiceId('dQw4w9WgXcQ?t=90')).toEqual({ id: 'dQw4w9WgXcQ', start: 90 });
    expect(parseServiceId('dQw4w9WgXcQ')).toEqual({ id: 'dQw4w9WgXcQ', start: null });
    expect(parseServiceId('not an id')).toBeNull();
  });

  it('build the privacy-enhanced player, the watch page and the thumbnail', () => {
    const video = { id: 'dQw4w9WgXcQ', start: 90 };
    expect(youtubeEmbedUrl(video)).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&start=90');
    expect(youtubeEmbedUrl({ ...video, start: null })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
    expect(youtubeWatchUrl(video)).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90s');
    expect(youtubeThumbnailUrl('dQw4w9WgXcQ')).toBe('https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
  });
});
