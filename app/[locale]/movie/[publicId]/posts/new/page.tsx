import { redirectToNewForm, type ItemParams } from '@/components/community/new-form-redirect';

/** /movie/{public_id}/posts/new: redirects to /posts/new with this movie chosen (unknown id: 404). */
export default async function Page({ params }: { params: ItemParams }) {
  return redirectToNewForm(params, 'posts', 'movie');
}
