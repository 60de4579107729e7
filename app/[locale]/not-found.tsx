import { NotFoundView } from '@/components/layout/not-found-view';

/** Rendered (status 404) whenever a page under [locale] calls `notFound()`. */
export default function NotFound() {
  return <NotFoundView />;
}
