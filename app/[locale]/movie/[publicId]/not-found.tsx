import { ItemNotFound } from '@/components/listing/item-not-found';

/** Unknown public id: the spec's '404 not found' (HTTP 404). */
export default function ItemNotFoundPage() {
  return <ItemNotFound />;
}
