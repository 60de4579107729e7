import 'server-only';
import { getTranslations } from 'next-intl/server';
import { enumKey } from './keys';

/**
 * The release format's display name in `locale` ("Blu-ray", "4K UHD", "VHS"; messages
 * `enums.formats`), as a function of the format id; null for an id without a name.
 */
export async function formatNames(locale: string): Promise<(format: number) => string | null> {
  const te = await getTranslations({ locale, namespace: 'enums' });
  return (format) => (te.has(enumKey('formats', format)) ? te(enumKey('formats', format)) : null);
}
