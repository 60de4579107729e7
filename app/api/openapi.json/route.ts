import { route, type RouteDoc } from '@/lib/api/route';
import { openApiDocument, type Documented } from '@/lib/api/openapi';
import { APP_VERSION } from '@/lib/version';
import * as path from '../[...path]/route';
import * as adminImportPublicId from '../admin/import/[publicId]/route';
import * as adminImport from '../admin/import/route';
import * as altcha from '../altcha/route';
import * as barcodesCode from '../barcodes/[code]/route';
import * as authNextauth from '../auth/[...nextauth]/route';
import * as changesPublicIdApprove from '../changes/[publicId]/approve/route';
import * as changesPublicIdDiscard from '../changes/[publicId]/discard/route';
import * as changesPublicIdReview from '../changes/[publicId]/review/route';
import * as changesPublicId from '../changes/[publicId]/route';
import * as changesPublicIdWithdraw from '../changes/[publicId]/withdraw/route';
import * as changesBulkApprove from '../changes/bulk_approve/route';
import * as changes from '../changes/route';
import * as commentsPublicId from '../comments/[publicId]/route';
import * as contactPublicIdAnswer from '../contact/[publicId]/answer/route';
import * as contactPublicIdClose from '../contact/[publicId]/close/route';
import * as contactPublicId from '../contact/[publicId]/route';
import * as contact from '../contact/route';
import * as commentsPublicIdToggles from '../comments/[publicId]/toggles/route';
import * as collectionsPublicIdEntriesEntryId from '../collections/[publicId]/entries/[entryId]/route';
import * as collectionsPublicIdEntriesEntryIdMove from '../collections/[publicId]/entries/[entryId]/move/route';
import * as collectionsPublicIdEntries from '../collections/[publicId]/entries/route';
import * as collectionsPublicIdExport from '../collections/[publicId]/export/route';
import * as collectionsPublicIdImportsImportIdPicks from '../collections/[publicId]/imports/[importId]/picks/route';
import * as collectionsPublicIdImportsImportIdProgress from '../collections/[publicId]/imports/[importId]/progress/route';
import * as collectionsPublicIdImportsImportId from '../collections/[publicId]/imports/[importId]/route';
import * as collectionsPublicIdImportsImportIdUnknownDiscs from '../collections/[publicId]/imports/[importId]/unknown_discs/route';
import * as collectionsPublicIdImports from '../collections/[publicId]/imports/route';
import * as collectionsPublicIdPictures from '../collections/[publicId]/pictures/route';
import * as collectionsPublicIdRestore from '../collections/[publicId]/restore/route';
import * as collectionsPublicIdSuggestions from '../collections/[publicId]/suggestions/route';
import * as collectionsPublicId from '../collections/[publicId]/route';
import * as collectionsPublicIdValue from '../collections/[publicId]/value/route';
import * as collections from '../collections/route';
import * as health from '../health/route';
import * as labelsPublicId from '../labels/[publicId]/route';
import * as labels from '../labels/route';
import * as labelsView from '../labels_view/route';
import * as login from '../login/route';
import * as logout from '../logout/route';
import * as meCollectionEntries from '../me/collection_entries/route';
import * as meCollections from '../me/collections/route';
import * as meEmail from '../me/email/route';
import * as meIdentitiesProvider from '../me/identities/[provider]/route';
import * as meIdentities from '../me/identities/route';
import * as mePassword from '../me/password/route';
import * as mePicture from '../me/picture/route';
import * as me from '../me/route';
import * as meSessionsId from '../me/sessions/[id]/route';
import * as meSessions from '../me/sessions/route';
import * as meTokensId from '../me/tokens/[id]/route';
import * as meTokens from '../me/tokens/route';
import * as meWantedOffers from '../me/wanted_offers/route';
import * as notificationsSeen from '../notifications/seen/route';
import * as notifications from '../notifications/route';
import * as passwordResetRedeem from '../password_reset/redeem/route';
import * as passwordReset from '../password_reset/route';
import * as pictures from '../pictures/route';
import * as personsPublicId from '../persons/[publicId]/route';
import * as persons from '../persons/route';
import * as productionCompaniesPublicId from '../production_companies/[publicId]/route';
import * as productionCompanies from '../production_companies/route';
import * as postsPublicIdComments from '../posts/[publicId]/comments/route';
import * as postsPublicId from '../posts/[publicId]/route';
import * as postsPublicIdToggles from '../posts/[publicId]/toggles/route';
import * as posts from '../posts/route';
import * as pusherAuth from '../pusher/auth/route';
import * as realtime from '../realtime/route';
import * as session from '../session/route';
import * as register from '../register/route';
import * as releasesPublicId from '../releases/[publicId]/route';
import * as releasesPublicIdOffers from '../releases/[publicId]/offers/route';
import * as releasesPublicIdToggles from '../releases/[publicId]/toggles/route';
import * as releases from '../releases/route';
import * as reviewsPublicId from '../reviews/[publicId]/route';
import * as reviews from '../reviews/route';
import * as reviewsPublicIdComments from '../reviews/[publicId]/comments/route';
import * as reviewsPublicIdToggles from '../reviews/[publicId]/toggles/route';
import * as search from '../search/route';
import * as socialComplete from '../social/complete/route';
import * as socialRegister from '../social/register/route';
import * as titlesPublicId from '../titles/[publicId]/route';
import * as titlesPublicIdCompare from '../titles/[publicId]/compare/route';
import * as meCalendar from '../me/calendar/route';
import * as meBarcodes from '../me/barcodes/route';
import * as titlesPublicIdToggles from '../titles/[publicId]/toggles/route';
import * as titles from '../titles/route';
import * as usersPublicId from '../users/[publicId]/route';
import * as usersPublicIdFriends from '../users/[publicId]/friends/route';
import * as usersPublicIdFriendship from '../users/[publicId]/friendship/route';
import * as usersPublicIdRevertContributions from '../users/[publicId]/revert_contributions/route';
import * as friendRequests from '../friend_requests/route';
import * as revisionsIdRevert from '../revisions/[id]/revert/route';
import * as stream from '../stream/route';
import * as trades from '../trades/route';
import * as users from '../users/route';

export const dynamic = 'force-dynamic';

/** Every route module under app/api (the OpenAPI test checks that none is missing). */
const ROUTE_MODULES: Record<string, unknown>[] = [
  path,
  adminImportPublicId,
  adminImport,
  altcha,
  barcodesCode,
  authNextauth,
  changesPublicIdApprove,
  changesPublicIdDiscard,
  changesPublicIdReview,
  changesPublicId,
  changesPublicIdWithdraw,
  changesBulkApprove,
  changes,
  collectionsPublicIdEntriesEntryId,
  collectionsPublicIdEntriesEntryIdMove,
  collectionsPublicIdEntries,
  collectionsPublicIdExport,
  collectionsPublicIdImportsImportIdPicks,
  collectionsPublicIdImportsImportIdProgress,
  collectionsPublicIdImportsImportId,
  collectionsPublicIdImportsImportIdUnknownDiscs,
  collectionsPublicIdImports,
  collectionsPublicIdPictures,
  collectionsPublicIdRestore,
  collectionsPublicIdSuggestions,
  collectionsPublicId,
  collectionsPublicIdValue,
  collections,
  commentsPublicId,
  commentsPublicIdToggles,
  contactPublicIdAnswer,
  contactPublicIdClose,
  contactPublicId,
  contact,
  health,
  labelsPublicId,
  labels,
  labelsView,
  login,
  logout,
  meCollectionEntries,
  meCollections,
  meEmail,
  meIdentitiesProvider,
  meIdentities,
  mePassword,
  mePicture,
  me,
  meSessionsId,
  meSessions,
  meTokensId,
  meTokens,
  meWantedOffers,
  notificationsSeen,
  notifications,
  passwordResetRedeem,
  passwordReset,
  pictures,
  personsPublicId,
  persons,
  productionCompaniesPublicId,
  productionCompanies,
  postsPublicIdComments,
  postsPublicId,
  postsPublicIdToggles,
  posts,
  pusherAuth,
  realtime,
  session,
  register,
  releasesPublicId,
  releasesPublicIdOffers,
  releasesPublicIdToggles,
  releases,
  reviewsPublicId,
  reviews,
  reviewsPublicIdComments,
  reviewsPublicIdToggles,
  revisionsIdRevert,
  search,
  socialComplete,
  socialRegister,
  titlesPublicId,
  titlesPublicIdCompare,
  meCalendar,
  meBarcodes,
  titlesPublicIdToggles,
  titles,
  usersPublicId,
  usersPublicIdFriends,
  usersPublicIdFriendship,
  usersPublicIdRevertContributions,
  users,
  friendRequests,
  stream,
  trades,
];

function isDocumented(value: unknown): value is Documented {
  return typeof value === 'function' && 'doc' in value && typeof (value as { doc?: RouteDoc }).doc?.path === 'string';
}

let cached: object | null = null;

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of this API, generated from the route
 * declarations (lib/api/openapi.ts) once per process: every endpoint with its parameters, body,
 * main responses and who may call. JSON, public.
 */
export const GET = route({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This document: the OpenAPI 3.1 description of the JSON API',
  tags: ['meta'],
  auth: 'public',
  responses: {
    200: { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } },
  },
  handler: async () => {
    cached ??= openApiDocument(
      [GET, ...ROUTE_MODULES.flatMap((m) => Object.values(m).filter(isDocumented))],
      APP_VERSION,
    );
    return cached;
  },
});
