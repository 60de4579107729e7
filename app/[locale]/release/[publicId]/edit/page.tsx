import { catalogueFormRoute } from '@/components/catalogue-form/form-page';

/** Rendered per request for the member (never from the item page's ISR cache). */
export const dynamic = 'force-dynamic';

const route = catalogueFormRoute('release', 'edit');

export const generateMetadata = route.generateMetadata;

/** /release/{id}/edit: the form suggesting an edit of the release (checked with the catalogue's rules). */
export default route.Page;
