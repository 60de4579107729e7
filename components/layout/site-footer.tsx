import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { FOOTER_ITEMS } from './nav-items';

/** Page footer below the content: brand line and the service links (same as in the drawer); a server component. */
export function SiteFooter() {
  const t = useTranslations('nav');
  const tl = useTranslations('layout');
  const tc = useTranslations('common');
  return (
    <footer className="border-t border-line px-4 py-6 text-sm text-muted nav:px-8">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3">
        <span className="font-semibold text-ink">{tc('brand')}</span>
        <nav aria-label={tl('footerNavigation')}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {FOOTER_ITEMS.map((item) => (
              <li key={item.key}>
                <Link href={item.href} className="hover:text-ink hover:underline" data-testid={`footer-${item.key}`}>
                  {t(item.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
