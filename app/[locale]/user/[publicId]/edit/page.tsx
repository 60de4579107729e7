import { redirect } from '@/lib/i18n/navigation';

type Props = { params: Promise<{ locale: string; publicId: string }> };

/** /user/{public_id}/edit: redirects to /users/edit_my_data (one may only edit oneself). */
export default async function UserEditRedirect({ params }: Props) {
  const { locale } = await params;
  redirect({ href: '/users/edit_my_data', locale });
}
