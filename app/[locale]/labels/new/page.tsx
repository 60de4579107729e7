import { catalogueFormRoute } from '@/components/catalogue-form/form-page';

/** Rendered per request for the member (never from the item page's ISR cache). */
export const dynamic = 'force-dynamic';

const route = catalogueFormRoute('label', 'new');

export const generateMetadata = route.generateMetadata;

/** /labels/new: the form suggesting a new home video label. */
export default route.Page;
