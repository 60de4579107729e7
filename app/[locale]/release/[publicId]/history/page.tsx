import { historyRoute } from '@/components/history/history-page';

/**
 * Rendered on every request, never from the item page's ISR cache (the segment's layout sets
 * `revalidate`, which a nested page would otherwise share): a new revision shows at once, and
 * admins see the revert controls.
 */
export const dynamic = 'force-dynamic';

const route = historyRoute('release');

export const generateMetadata = route.generateMetadata;

/** /release/{id}/history: the release's revisions newest first (`?cursor=`; admins: `?preview={revision}`); unknown id → 404. */
export default route.Page;
