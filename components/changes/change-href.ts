import type { ChangeKind, ChangeState } from '@/lib/validation/catalogue-fields';
import type { ChangeEntity } from '@/lib/validation/changes';
import type { MediaItemType } from '@/lib/validation/media-fields';

/** The item page tab that lists each kind of media. */
const MEDIA_TABS = { picture: 'photos', video: 'videos', shopping_link: 'buying_options' } as const;

/**
 * Where a change request's entity is shown (an unprefixed href): a suggested release (new or
 * duplicate) waiting for approval on `/release/{id}/suggestion` (its author and admins; the
 * public page is the 404 until approval), a picture, video or shopping link on its item's tab
 * that lists it, anything else on its own page. Pure.
 */
export function changeTargetHref(r: {
  entity: ChangeEntity;
  kind: ChangeKind;
  status: ChangeState;
  entity_public_id: string;
  item?: { type: MediaItemType; public_id: string } | null;
}): string {
  if (r.entity === 'picture' || r.entity === 'video' || r.entity === 'shopping_link')
    return r.item ? `/${r.item.type}/${r.item.public_id}/${MEDIA_TABS[r.entity]}` : '/';
  const suggested = r.entity === 'release' && r.status === 'pending' && (r.kind === 'new' || r.kind === 'duplicate');
  return `/${r.entity}/${r.entity_public_id}${suggested ? '/suggestion' : ''}`;
}
