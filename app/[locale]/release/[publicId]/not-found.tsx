import { NotFoundView } from '@/components/layout/not-found-view';

/** Unknown release public id: the spec's '404 not found' (HTTP 404). */
export default function ReleaseNotFound() {
  return <NotFoundView variant="item" />;
}
