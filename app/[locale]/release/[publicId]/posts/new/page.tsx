import { redirectToNewForm, type ItemParams } from '@/components/community/new-form-redirect';

/** /release/{public_id}/posts/new: redirects to /posts/new with this release chosen (unknown id: 404). */
export default async function Page({ params }: { params: ItemParams }) {
  return redirectToNewForm(params, 'posts', 'release');
}
