import { catalogueFormRoute } from '@/components/catalogue-form/form-page';

/** Rendered per request for the member (never from the item page's ISR cache). */
export const dynamic = 'force-dynamic';

const route = catalogueFormRoute('release', 'duplicate');

export const generateMetadata = route.generateMetadata;

/** /release/{id}/duplicate: a new release starting as a copy of this one; at least one field must differ from it. */
export default route.Page;
