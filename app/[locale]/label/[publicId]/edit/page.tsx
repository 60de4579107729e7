import { catalogueFormRoute } from '@/components/catalogue-form/form-page';

/** Rendered per request for the member (never from the item page's ISR cache). */
export const dynamic = 'force-dynamic';

const route = catalogueFormRoute('label', 'edit');

export const generateMetadata = route.generateMetadata;

/** /label/{id}/edit: the form suggesting an edit of the label. */
export default route.Page;
