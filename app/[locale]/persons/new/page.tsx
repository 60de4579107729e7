import { catalogueFormRoute } from '@/components/catalogue-form/form-page';

/** Rendered per request for the member (never from the item page's ISR cache). */
export const dynamic = 'force-dynamic';

const route = catalogueFormRoute('person', 'new');

export const generateMetadata = route.generateMetadata;

/** /persons/new: the form suggesting a new person (cast or crew). */
export default route.Page;
