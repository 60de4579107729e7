import { redirectToNewForm, type ItemParams } from '@/components/community/new-form-redirect';

/** /review/{public_id}/posts/new: redirects to /posts/new with this review chosen (unknown id: 404). */
export default async function Page({ params }: { params: ItemParams }) {
  return redirectToNewForm(params, 'posts', 'review');
}
