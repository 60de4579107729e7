import { catalogueFormRoute } from '@/components/catalogue-form/form-page';

/** Rendered per request for the member (never from the item page's ISR cache). */
export const dynamic = 'force-dynamic';

const route = catalogueFormRoute('person', 'edit');

export const generateMetadata = route.generateMetadata;

/** /person/{id}/edit: the form suggesting an edit of the person. */
export default route.Page;
