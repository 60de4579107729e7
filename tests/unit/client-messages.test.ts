import fs from 'node:fs';
import path from 'node:path';
import format from 'icu-minify/format';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { CLIENT_NAMESPACES, pickClientMessages } from '@/lib/i18n/client-messages';
import { precompileMessages, type CompiledMessageTree, type MessageTree } from '@/lib/i18n/precompile';

const root = path.resolve(import.meta.dirname, '../..');

/** Every .ts/.tsx file under `dir`. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('messages sent to the browser', () => {
  it('cover every namespace a client component translates with', () => {
    const used = new Set<string>();
    for (const file of [...sourceFiles(path.join(root, 'app')), ...sourceFiles(path.join(root, 'components'))]) {
      const src = fs.readFileSync(file, 'utf8');
      if (!/^'use client';/m.test(src)) continue;
      for (const m of src.matchAll(/useTranslations\('([\w.]+)'\)/g)) used.add(m[1].split('.')[0]);
      expect(src, `${file}: useTranslations() without a namespace`).not.toMatch(/useTranslations\(\)/);
    }
    expect(used.size).toBeGreaterThan(3);
    for (const ns of used) expect(CLIENT_NAMESPACES, ns).toContain(ns);
  });

  it('pick only those namespaces', () => {
    const picked = pickClientMessages(en);
    expect(Object.keys(picked).sort()).toEqual([...CLIENT_NAMESPACES].sort());
    expect(picked.search).toEqual(en.search);
    expect('releases' in picked).toBe(false);
  });
});

/** Flattens a catalogue into [key, message] pairs. */
function leaves<T>(tree: { [k: string]: T | object }, prefix = ''): [string, T][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? leaves(v as { [k: string]: T | object }, `${prefix}${k}.`)
      : [[`${prefix}${k}`, v as T] as [string, T]],
  );
}

const formatters = {
  getNumberFormat: (locale?: Intl.LocalesArgument, options?: Intl.NumberFormatOptions) =>
    new Intl.NumberFormat(locale, options),
  getPluralRules: (locale?: Intl.LocalesArgument, options?: Intl.PluralRulesOptions) =>
    new Intl.PluralRules(locale, options),
  getDateTimeFormat: (locale?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, options),
};

describe('precompiled messages (lib/i18n/precompile.ts)', () => {
  it.each([
    ['en', en],
    ['fi', fi],
  ] as const)(
    '%s: every message formats exactly as the ICU parser (intl-messageformat) formats it',
    (locale, messages) => {
      const compiled = precompileMessages(messages as MessageTree);
      const compiledByKey = new Map(leaves<unknown>(compiled as CompiledMessageTree));
      const pairs = leaves<string>(messages as MessageTree);
      expect(pairs.length).toBeGreaterThan(300);
      for (const [key, message] of pairs) {
        const values: Record<string, string | number | ((chunks: unknown[]) => string)> = {};
        // Numbers for plural and number arguments (a large one, so grouping is compared too), text otherwise.
        const numeric = new Set(['count', 'minutes']);
        for (const m of message.matchAll(/\{\s*(\w+)\s*,\s*(plural|selectordinal)/g)) numeric.add(m[1]!);
        for (const m of message.matchAll(/\{\s*(\w+)\s*(,\s*(\w+))?/g))
          values[m[1]] ??= numeric.has(m[1]!) ? 3 : m[3] === 'number' ? 12345.6 : 'X';
        for (const m of message.matchAll(/<(\w+)>/g)) values[m[1]] = (chunks) => `[${chunks.join('')}]`;
        const expected = [new IntlMessageFormat(message, locale).format(values)].flat().join('');
        const actual = [format(compiledByKey.get(key) as Parameters<typeof format>[0], locale, values, { formatters })]
          .flat()
          .join('');
        expect(actual, `${locale} ${key}`).toBe(expected);
      }
    },
  );

  it('keeps plain texts as strings and builds plain (prototype-carrying) objects for client props', () => {
    const compiled = precompileMessages({ a: 'Plain', b: { c: '{count, plural, one {# item} other {# items}}' } });
    expect(compiled.a).toBe('Plain');
    const plural = (compiled.b as CompiledMessageTree).c;
    expect(Array.isArray(plural)).toBe(true);
    const objects: object[] = [];
    const collect = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node !== null && typeof node === 'object') {
        objects.push(node);
        Object.values(node).forEach(collect);
      }
    };
    collect(plural);
    expect(objects.length).toBeGreaterThan(0);
    for (const o of objects) expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
  });
});
