import { permanentRedirect } from '@/lib/i18n/navigation';

type Props = { params: Promise<{ locale: string; publicId: string }> };

/** `/productionCompany/{id}` (old address): permanent redirect (308) to `/company/{id}` in the same locale. */
export default async function ProductionCompanyRedirect({ params }: Props) {
  const { locale, publicId } = await params;
  permanentRedirect({ href: `/company/${encodeURIComponent(publicId)}`, locale });
}
