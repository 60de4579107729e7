import 'server-only';
import { notFound } from 'next/navigation';
import { currentActor } from '@/lib/auth/session';
import type { Actor } from '@/lib/auth/actor';
import type { CollectionDto } from '@/lib/data/collections';
import { redirect } from '@/lib/i18n/navigation';
import { loadVisibleCollection } from './load';

/**
 * The viewer and collection of an owner-only collection page (`/collection/{id}/edit`, `/collection/{id}/import…`):
 * visitors are sent to the login page (back to `path` after it); anyone but the owner of a
 * collection that is not in the trash gets '404 not found'.
 */
export async function loadOwnCollection(
  locale: string,
  publicId: string,
  path: string,
): Promise<{ actor: Actor; collection: CollectionDto }> {
  const actor = await currentActor();
  if (!actor) redirect({ href: `/login?next=${encodeURIComponent(path)}`, locale });
  const collection = await loadVisibleCollection(publicId);
  if (!actor || !collection || !collection.mine || collection.deleted) notFound();
  return { actor, collection };
}
