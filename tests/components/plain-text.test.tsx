import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlainText } from '@/components/community/plain-text';

afterEach(cleanup);

/** Members' text as shown in reviews, discussions and comments. */
describe('PlainText', () => {
  it('splits paragraphs at blank lines and keeps single line breaks', () => {
    const { container } = render(<PlainText text={'First line\nsecond line\n\n\n  Next paragraph  '} />);
    const paragraphs = [...container.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(['First line\nsecond line', 'Next paragraph']);
  });

  it('makes web addresses links (bare domains as http) with nofollow ugc, and leaves e-mail addresses as text', () => {
    const { container } = render(
      <PlainText text="Screens at https://example.com/alien-4k?x=1, or www.example.org. Mail me: me@example.com or mailto:me@example.com" />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['https://example.com/alien-4k?x=1', 'https://example.com/alien-4k?x=1'],
      ['http://www.example.org', 'www.example.org'],
    ]);
    expect(links.every((a) => a.getAttribute('rel')?.split(' ').includes('nofollow'))).toBe(true);
    expect(links.every((a) => a.getAttribute('rel')?.split(' ').includes('ugc'))).toBe(true);
    expect(container.textContent).toContain('Mail me: me@example.com or mailto:me@example.com');
  });

  it('renders HTML in the text as text, never as markup, and links nothing but http(s)', () => {
    const { container } = render(
      <PlainText text={'<script>alert(1)</script> <a href="javascript:alert(2)">x</a> javascript:alert(3)'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });
});
