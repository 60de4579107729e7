import { catalogueFormRoute } from '@/components/catalogue-form/form-page';

/** Rendered per request for the member (never from the item page's ISR cache). */
export const dynamic = 'force-dynamic';

const route = catalogueFormRoute('movie_connections', 'edit');

export const generateMetadata = route.generateMetadata;

/** /movie/{id}/edit/connections: the form suggesting an edit of the movie's connections (14 kinds). */
export default route.Page;
