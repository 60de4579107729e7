import { redirectToNewForm, type ItemParams } from '@/components/community/new-form-redirect';

/** /release/{public_id}/reviews/new: redirects to /reviews/new with this release chosen (unknown id: 404). */
export default async function Page({ params }: { params: ItemParams }) {
  return redirectToNewForm(params, 'reviews', 'release');
}
