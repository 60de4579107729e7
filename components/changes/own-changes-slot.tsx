import type { CatalogueEntity } from '@/lib/validation/catalogue-fields';

/**
 * Where an item page shows the member's "awaiting approval" notice: an empty element naming the
 * item, the same in every visitor's HTML (the item pages are cached), which the member widget
 * fills for a member with pending suggestions about the item (components/account/member-widget.tsx
 * OwnChanges). No client code of its own.
 */
export function OwnChangesSlot({ entity, publicId }: { entity: CatalogueEntity; publicId: string }) {
  return <div data-own-changes={entity} data-public-id={publicId} />;
}
