import { catalogueFormRoute } from '@/components/catalogue-form/form-page';

/** Rendered per request for the member (never from the item page's ISR cache). */
export const dynamic = 'force-dynamic';

const route = catalogueFormRoute('movie', 'edit');

export const generateMetadata = route.generateMetadata;

/** /movie/{id}/edit: the form suggesting an edit of the movie; unknown id → 404. */
export default route.Page;
