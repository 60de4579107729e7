import { catalogueFormRoute } from '@/components/catalogue-form/form-page';

/** Rendered per request for the member (never from the item page's ISR cache). */
export const dynamic = 'force-dynamic';

const route = catalogueFormRoute('release', 'newOf');

export const generateMetadata = route.generateMetadata;

/** /movie/{id}/releases/new: the new release form with this movie chosen. */
export default route.Page;
