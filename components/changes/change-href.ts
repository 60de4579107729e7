import type { CatalogueEntity, ChangeKind, ChangeState } from '@/lib/validation/catalogue-fields';

/**
 * Where a change request's entity is shown (an unprefixed href): a suggested release (new or
 * duplicate) waiting for approval on `/release/{id}/suggestion` (its author and admins; the
 * public page is the 404 until approval), anything else on its own page. Pure.
 */
export function changeTargetHref(r: {
  entity: CatalogueEntity;
  kind: ChangeKind;
  status: ChangeState;
  entity_public_id: string;
}): string {
  const suggested = r.entity === 'release' && r.status === 'pending' && (r.kind === 'new' || r.kind === 'duplicate');
  return `/${r.entity}/${r.entity_public_id}${suggested ? '/suggestion' : ''}`;
}
