import { permanentRedirect } from '@/lib/i18n/navigation';

type Props = { params: Promise<{ locale: string; publicId: string }> };

/** `/title/{id}` is the old address of a movie: permanent redirect (308) to `/movie/{id}` in the same locale. */
export default async function TitleRedirect({ params }: Props) {
  const { locale, publicId } = await params;
  permanentRedirect({ href: `/movie/${encodeURIComponent(publicId)}`, locale });
}
