import { catalogueFormRoute } from '@/components/catalogue-form/form-page';

/** Rendered per request for the member (never from the item page's ISR cache). */
export const dynamic = 'force-dynamic';

const route = catalogueFormRoute('movie', 'new');

export const generateMetadata = route.generateMetadata;

/** /movies/new: the form suggesting a new movie, TV series or episode. */
export default route.Page;
