import type { ReactNode } from 'react';

/**
 * `text` with the last occurrence of `words` as a plain link to `href` (the 500 page's "…or use the
 * contact form", where "contact form" leads to /contact): a plain anchor, since after an error the
 * client router may be in a bad state. Text without the words is shown as it is. No hooks and no
 * messages of its own, so the last-resort 500 page (outside next-intl) uses it too.
 */
export function LinkedWords({
  text,
  words,
  href,
  className,
}: {
  text: string;
  words: string;
  href: string;
  className?: string;
}): ReactNode {
  const at = words ? text.lastIndexOf(words) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <a href={href} className={className} data-testid="contact-form-link">
        {words}
      </a>
      {text.slice(at + words.length)}
    </>
  );
}
