import { serializeJsonLd, type JsonLdObject } from '@/lib/seo';

/** Renders schema.org JSON-LD in a `<script type="application/ld+json">` (server component). */
export function JsonLd({ data }: { data: JsonLdObject | JsonLdObject[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
