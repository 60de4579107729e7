import { getTombstone } from '@/lib/data/tombstones';
import { AppError } from '@/lib/errors';
import type { CatalogueEntity } from '@/lib/validation/catalogue-fields';

/** The API path of each entity's item endpoint (a movie is a title there). */
const API_ITEM: Record<CatalogueEntity, string> = {
  movie: '/api/titles',
  release: '/api/releases',
  person: '/api/persons',
  label: '/api/labels',
};

/** The OpenAPI responses of an item endpoint for a deleted item. */
export const TOMBSTONE_RESPONSES = {
  308: { description: 'The item was merged into another: `Location` is that item (permanent)' },
  410: { description: 'The item was removed from the catalogue: `{ "error" }`' },
} as const;

/**
 * What an item endpoint answers for a public id it found no item for: a deleted item's id
 * (lib/data/tombstones.ts) redirects (308) to the item it was merged into, or fails with
 * AppError('gone') (410 `{ "error": "This item was removed from the catalogue" }`); any other id
 * gives null (the endpoint's 404).
 * @throws AppError gone
 */
export async function tombstoneAnswer(
  entity: CatalogueEntity,
  publicId: string,
  request: Request,
): Promise<Response | null> {
  const tombstone = await getTombstone(entity, publicId);
  if (!tombstone) return null;
  if (tombstone.merged_into)
    return new Response(null, {
      status: 308,
      headers: {
        location: new URL(`${API_ITEM[entity]}/${encodeURIComponent(tombstone.merged_into)}`, request.url).toString(),
      },
    });
  throw new AppError('gone');
}
