import { catalogueFormRoute } from '@/components/catalogue-form/form-page';

/** Rendered per request for the member (never from the item page's ISR cache). */
export const dynamic = 'force-dynamic';

const route = catalogueFormRoute('release', 'edit');

export const generateMetadata = route.generateMetadata;

/** /release/{id}/edit (spec §2): the form suggesting an edit of the release (§5 rules). */
export default route.Page;
