import { NotFoundView } from '@/components/layout/not-found-view';

/** Unknown public id: the spec's '404 not found' (HTTP 404). */
export default function ItemNotFoundPage() {
  return <NotFoundView variant="item" />;
}
