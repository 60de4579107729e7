import { z } from 'zod';
import { route } from '@/lib/api/route';
import { dto, errorSchema, jsonResponse, publicIdParams } from '@/lib/api/schemas';
import {
  COMPARE_GROUPS,
  COMPARE_MAX,
  COMPARE_MIN,
  compareHref,
  compareRows,
  parseCompareIds,
} from '@/lib/compare-rows';
import { compareEditions } from '@/lib/data/compare';
import { AppError, badParam } from '@/lib/errors';

export const dynamic = 'force-dynamic';

const ROW_KEYS = Object.values(COMPARE_GROUPS).flat();

/**
 * GET /api/titles/{public_id}/compare?r=a,b[,c,d] (`r` may also repeat): two to four approved
 * releases of the movie side by side, as the page `/movie/{id}/compare` shows them. Answers
 * `{ movie: { public_id, name, year, runtime_min }, canonical, releases: [{ public_id, name,
 * format, country, label, spine_id, street_date, release_year, edition, ean, picture_url, owners }],
 * rows: [{ key, group, differs, values }] }`: one value per release in the releases' order (null
 * without data; `runtime` in seconds, the movie's runtime less the release's cuts; `cut.seconds`
 * in seconds; ratings `{ count, mean }` of 5; `rrp` `{ price, currency }`), rows without any value
 * left out. 400 `{ error, code }`: `bad_param` for an id that is no public id, `compare_count` for
 * fewer than two or more than four distinct ids, `compare_releases` for ids that are not approved
 * releases of this movie; 404 for an unknown movie. Data source: lib/data/compare.ts compareEditions.
 */
export const GET = route({
  method: 'GET',
  path: '/api/titles/{publicId}/compare',
  summary: 'Two to four releases of a movie side by side, with the rows that differ marked',
  tags: ['catalogue'],
  auth: 'public',
  params: publicIdParams,
  query: z.object({
    r: z.string().meta({
      description: `Public ids of ${COMPARE_MIN} to ${COMPARE_MAX} releases of the movie, comma-separated (or r repeated)`,
    }),
  }),
  responses: {
    200: jsonResponse(
      'The comparison',
      z.object({
        movie: dto('ComparedMovie'),
        canonical: z.string().meta({ description: 'The page of this comparison, release ids sorted' }),
        releases: z.array(dto('ComparedReleaseSummary')),
        rows: z.array(
          z.object({
            key: z.enum(ROW_KEYS),
            group: z.enum(Object.keys(COMPARE_GROUPS) as [keyof typeof COMPARE_GROUPS]),
            differs: z.boolean(),
            values: z.array(z.unknown()),
          }),
        ),
      }),
    ),
    400: jsonResponse('Bad release ids', errorSchema),
    404: jsonResponse('Unknown movie', errorSchema),
  },
  handler: async ({ params, searchParams }) => {
    const values = searchParams.getAll('r');
    const parsed = parseCompareIds(values);
    if ('error' in parsed) {
      if (parsed.error === 'compareInvalid') throw badParam('r', values.join(',').slice(0, 40));
      throw new AppError('compare_count', { count: parsed.count });
    }
    const result = await compareEditions(params.publicId, parsed.ids);
    if ('missing' in result) {
      if (result.missing === 'movie') return null;
      throw new AppError('compare_releases', { ids: result.ids.join(', ') });
    }
    const { movie, releases } = result;
    return {
      movie,
      canonical: compareHref(movie.public_id, parsed.ids),
      releases: releases.map((r) => ({
        public_id: r.public_id,
        name: r.name,
        format: r.format,
        country: r.country,
        label: r.label,
        spine_id: r.spine_id,
        street_date: r.street_date,
        release_year: r.release_year,
        edition: r.edition,
        ean: r.ean,
        picture_url: r.picture_url,
        owners: r.owners,
      })),
      rows: compareRows(releases, movie.runtime_min),
    };
  },
});
