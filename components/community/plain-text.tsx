import 'server-only';
import { LinkifyIt } from 'linkify-it';
import type { ReactNode } from 'react';

/**
 * Web addresses in members' text: http(s) links and bare domains (`example.com/x`, made http).
 * E-mail addresses, `mailto:`, `ftp:` and protocol-relative `//` links stay text.
 */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false })
  .add('mailto:', null)
  .add('ftp:', null)
  .add('//', null);

/** One paragraph: text nodes, with each web address as a link (React escapes the text). */
function withLinks(text: string): ReactNode[] {
  const matches = linkify.match(text) ?? [];
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of matches) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(
      <a key={m.index} href={m.url} rel="nofollow ugc noopener noreferrer" className="break-all underline">
        {m.text}
      </a>,
    );
    at = m.lastIndex;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/**
 * A member's plain text (review body, post message, comment) as paragraphs, split at blank lines,
 * single line breaks kept, web addresses clickable. No HTML from the text is ever rendered: it is
 * passed to React as text. Server component (the link finder stays out of the browser bundle).
 */
export function PlainText({ text, testId }: { text: string; testId?: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <div className="flex flex-col gap-3 whitespace-pre-line break-words" data-testid={testId}>
      {paragraphs.map((p, i) => (
        <p key={i}>{withLinks(p.trim())}</p>
      ))}
    </div>
  );
}
