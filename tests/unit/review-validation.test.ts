/** Review input rules (lib/validation/reviews.ts): buckets, watch sources, the release-rating rule, lengths. */
import { describe, expect, it } from 'vitest';
import { REVIEW_HEADLINE_MAX } from '@/lib/validation/limits';
import { fieldErrors } from '@/lib/errors';
import { reviewSchema, reviewUpdateSchema } from '@/lib/validation/reviews';

const base = { movie: 'mov1', headline: 'Great', body: 'Text', language: 'en' };

function errors(input: Record<string, unknown>) {
  const r = reviewSchema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
}

describe('reviewSchema', () => {
  it('keeps the video id, maps buckets and sources to their numbers, empties to null', () => {
    const r = reviewSchema.parse({
      ...base,
      ingress: '  ',
      body: 'One\r\n\r\nTwo',
      watch_source: 'netflix',
      youtube_url: 'https://youtu.be/dQw4w9WgXcQ',
      release: 'rel1',
      rating_movie: 'excellent',
      rating_release: 'worst',
      rating_picture: 4,
      rating_sound: '3',
      rating_extras: 'bad',
      rating_package: '',
    });
    expect(r).toEqual({
      movie: 'mov1',
      headline: 'Great',
      ingress: null,
      body: 'One\n\nTwo',
      language: 'en',
      watch_source: 5,
      youtube_url: 'https://youtu.be/dQw4w9WgXcQ',
      youtube_id: 'dQw4w9WgXcQ',
      release: 'rel1',
      rating_movie: 5,
      rating_release: 1,
      rating_picture: 4,
      rating_sound: 3,
      rating_extras: 2,
      rating_package: null,
    });
  });

  it('watch sources 1..6 by name: cinema 1 … amazon 6', () => {
    const src = (watch_source: string | number) => reviewSchema.parse({ ...base, watch_source }).watch_source;
    expect(['cinema', 'streaming', 'television', 'youtube', 'netflix', 'amazon'].map(src)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(src(6)).toBe(6);
    expect(errors({ ...base, watch_source: 7 })).toEqual({ watch_source: 'invalid' });
    expect(errors({ ...base, watch_source: 'vhs' })).toEqual({ watch_source: 'invalid' });
  });

  it('required fields, lengths, language and ratings give their message keys', () => {
    expect(errors({ movie: 'mov1' })).toEqual({ headline: 'required', body: 'required', language: 'required' });
    expect(errors({ ...base, headline: 'x'.repeat(REVIEW_HEADLINE_MAX + 1), language: 'sv' })).toEqual({
      headline: 'maxLength',
      language: 'required',
    });
    expect(errors({ ...base, rating_movie: 'superb' })).toEqual({ rating_movie: 'invalid' });
    expect(errors({ ...base, rating_movie: 6 })).toEqual({ rating_movie: 'invalid' });
    expect(errors({ ...base, headline: 'x'.repeat(REVIEW_HEADLINE_MAX) })).toEqual({});
  });

  it('a YouTube address that names no video is a field error', () => {
    expect(errors({ ...base, youtube_url: 'https://vimeo.com/1' })).toEqual({ youtube_url: 'youtubeInvalid' });
  });

  it('release, picture, sound, extras and package ratings need a linked release', () => {
    expect(
      errors({ ...base, rating_movie: 'good', rating_picture: 'good', rating_package: 'bad', rating_release: 5 }),
    ).toEqual({
      rating_picture: 'ratingNeedsRelease',
      rating_package: 'ratingNeedsRelease',
      rating_release: 'ratingNeedsRelease',
    });
    expect(errors({ ...base, release: 'rel1', rating_picture: 'good', rating_package: 'bad' })).toEqual({});
    expect(errors({ ...base, rating_movie: 'good' })).toEqual({});
  });

  it('the update schema takes the same fields without the movie', () => {
    const r = reviewUpdateSchema.parse({ ...base, rating_movie: 'mediocre' });
    expect(r).not.toHaveProperty('movie');
    expect(r.rating_movie).toBe(3);
  });
});
