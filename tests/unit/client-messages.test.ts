import fs from 'node:fs';
import path from 'node:path';
import format from 'icu-minify/format';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import {
  CLIENT_NAMESPACES,
  PAGE_SCOPES,
  pickScope,
  SHELL_SCOPE,
  type MessageScope,
  type PageScope,
} from '@/lib/i18n/client-messages';
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

const localeRoot = path.join(root, 'app', '[locale]');
const ROUTE_FILES = new Set([
  'page.tsx',
  'layout.tsx',
  'not-found.tsx',
  'error.tsx',
  'loading.tsx',
  'template.tsx',
  'default.tsx',
]);

/** The file an import specifier names (`@/…` or relative), or null for a package. */
function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('@/')
    ? path.join(root, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

const sourceCache = new Map<string, string>();
function source(file: string): string {
  let src = sourceCache.get(file);
  if (src === undefined) sourceCache.set(file, (src = fs.readFileSync(file, 'utf8')));
  return src;
}

/** Files a module loads at run time: static imports and re-exports (not `import type`) and `import()`. */
function importsOf(file: string): string[] {
  const src = source(file);
  const specs = [
    ...[...src.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'([^']+)'/gms)].map((m) => m[1]!),
    ...[...src.matchAll(/^import\s+'([^']+)'/gm)].map((m) => m[1]!),
    ...[...src.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]!),
  ];
  return specs.flatMap((spec) => {
    const resolved = resolveImport(file, spec);
    return resolved && /\.tsx?$/.test(resolved) ? [resolved] : [];
  });
}

/** Every module reachable from `entry` through run-time imports. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length)
    for (const next of importsOf(queue.pop()!)) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  return seen;
}

const isClient = (file: string) => /^'use client';/m.test(source(file));

/** A namespace's top-level keys in the English catalogue. */
const topKeys = (ns: string) => new Set(Object.keys((en as Record<string, object>)[ns] ?? {}));

/**
 * What a client file translates with: per namespace, the top-level keys it may reach ('all' when
 * a translator is called with a key built from its first segment on). Every string literal naming
 * a top-level key of a namespace the file uses counts, so keys held in maps or passed as props
 * count too; a template key counts by its literal first segment.
 */
function translationNeeds(file: string): Map<string, Set<string> | 'all'> {
  const src = source(file);
  const needs = new Map<string, Set<string> | 'all'>();
  const add = (ns: string, key: string | 'all') => {
    const have = needs.get(ns) ?? new Set<string>();
    if (have === 'all') return;
    if (key === 'all') needs.set(ns, 'all');
    else needs.set(ns, have.add(key));
  };
  const literals = [...src.matchAll(/'([\w.]+)'/g)].map((m) => m[1]!.split('.')[0]!);
  for (const m of src.matchAll(/(?:const|let)\s+(\w+)\s*=\s*useTranslations\('([\w.]+)'\)/g)) {
    const [translator, path] = [m[1]!, m[2]!];
    const [ns, sub] = path.split('.') as [string, string | undefined];
    needs.set(ns, needs.get(ns) ?? new Set());
    if (sub) {
      add(ns, sub);
      continue;
    }
    const keys = topKeys(ns);
    for (const key of literals) if (keys.has(key)) add(ns, key);
    for (const call of src.matchAll(new RegExp(`\\b${translator}(?:\\.\\w+)?\\(\\s*\`([^\`$]*)`, 'g'))) {
      const first = call[1]!.split('.')[0]!;
      add(ns, call[1]!.includes('.') && keys.has(first) ? first : 'all');
    }
  }
  return needs;
}

/** The page scope `<ClientMessages scope="…">` adds in a route file, if any. */
function declaredScopes(file: string): PageScope[] {
  return [...source(file).matchAll(/<ClientMessages\s+scope="(\w+)"/g)].map((m) => {
    expect(Object.keys(PAGE_SCOPES), `${file}: scope ${m[1]}`).toContain(m[1]);
    return m[1] as PageScope;
  });
}

/** Scopes merged: per namespace, all of it or the union of the keys given. */
function mergeScopes(scopes: MessageScope[]): Map<string, Set<string> | 'all'> {
  const given = new Map<string, Set<string> | 'all'>();
  for (const scope of scopes)
    for (const [ns, keys] of Object.entries(scope)) {
      const have = given.get(ns);
      if (keys === true || have === 'all') given.set(ns, 'all');
      else given.set(ns, new Set([...(have ?? []), ...keys]));
    }
  return given;
}

/** Route files under app/[locale] (pages, layouts, error and not-found pages, …). */
function routeFiles(dir = localeRoot): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(p);
    return ROUTE_FILES.has(e.name) ? [p] : [];
  });
}

/** The layouts that enclose a route file: its own directory's and every parent's up to app/[locale]. */
function enclosingLayouts(file: string): string[] {
  const layouts: string[] = [];
  for (let dir = path.dirname(file); dir.startsWith(localeRoot); dir = path.dirname(dir)) {
    const layout = path.join(dir, 'layout.tsx');
    if (fs.existsSync(layout)) layouts.push(layout);
  }
  return layouts;
}

describe('messages sent to the browser (lib/i18n/client-messages.ts)', () => {
  it('cover every namespace a client component translates with', () => {
    const used = new Set<string>();
    for (const file of [...sourceFiles(path.join(root, 'app')), ...sourceFiles(path.join(root, 'components'))]) {
      if (!isClient(file)) continue;
      for (const ns of translationNeeds(file).keys()) used.add(ns);
      expect(source(file), `${file}: useTranslations() without a namespace`).not.toMatch(/useTranslations\(\)/);
    }
    expect(used.size).toBeGreaterThan(3);
    for (const ns of used) expect(CLIENT_NAMESPACES, ns).toContain(ns);
  });

  it("reach every client component a route can render, from the shell or the route's scopes", () => {
    const routes = routeFiles();
    expect(routes.length).toBeGreaterThan(50);
    const rootLayout = path.join(localeRoot, 'layout.tsx');
    const missing: string[] = [];
    // Per scope, the keys its routes' client components use, to find listed keys nothing uses.
    const usedBy = new Map<string, Map<string, Set<string> | 'all'>>();
    const note = (scope: string, ns: string, keys: Set<string> | 'all') => {
      const byNs = usedBy.get(scope) ?? usedBy.set(scope, new Map()).get(scope)!;
      const have = byNs.get(ns);
      byNs.set(ns, keys === 'all' || have === 'all' ? 'all' : new Set([...(have ?? []), ...keys]));
    };
    for (const route of routes) {
      const scopes = [...new Set([route, ...enclosingLayouts(route)])].flatMap(declaredScopes);
      const given = mergeScopes([SHELL_SCOPE, ...scopes.map((s) => PAGE_SCOPES[s])]);
      for (const file of reachable(route)) {
        if (!isClient(file)) continue;
        for (const [ns, keys] of translationNeeds(file)) {
          for (const scope of route === rootLayout ? ['shell'] : scopes) note(scope, ns, keys);
          const has = given.get(ns);
          const where = `${path.relative(root, route)} renders ${path.relative(root, file)}`;
          if (!has) missing.push(`${where}: '${ns}'`);
          else if (has !== 'all' && keys === 'all') missing.push(`${where}: '${ns}' (a key built at run time)`);
          else if (has !== 'all' && keys !== 'all')
            for (const key of keys) if (!has.has(key)) missing.push(`${where}: '${ns}.${key}'`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(usedBy.size).toBe(Object.keys(PAGE_SCOPES).length + 1);
    // Listed keys exist, and the scope's own components use each of them.
    for (const [name, scope] of [['shell', SHELL_SCOPE as MessageScope], ...Object.entries(PAGE_SCOPES)] as const)
      for (const [ns, keys] of Object.entries(scope)) {
        if (keys === true) continue;
        for (const key of keys) expect(topKeys(ns).has(key), `${name}: ${ns}.${key}`).toBe(true);
        const used = usedBy.get(name)?.get(ns);
        if (used !== 'all') expect([...(used ?? [])].sort(), `${name}: ${ns}`).toEqual([...keys].sort());
      }
  });

  it('pick what a scope gives: whole namespaces or the listed keys', () => {
    const shell = pickScope(en, SHELL_SCOPE);
    expect(Object.keys(shell).sort()).toEqual(Object.keys(SHELL_SCOPE).sort());
    expect(shell.search).toEqual(en.search);
    expect(Object.keys(shell.account!).sort()).toEqual([...SHELL_SCOPE.account].sort());
    expect(shell.account!.login).toBe(en.account.login);
    expect('collections' in shell).toBe(false);
    const item = pickScope(fi, PAGE_SCOPES.itemPage);
    expect(item.toggles).toEqual(fi.toggles);
    expect(Object.keys(item.collections!).sort()).toEqual([...PAGE_SCOPES.itemPage.collections].sort());
    const everything = pickScope(fi, Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, true])));
    expect(JSON.stringify({ ...pickScope(fi, SHELL_SCOPE), ...item }).length).toBeLessThan(
      JSON.stringify(everything).length * 0.7,
    );
  });

  it("give the same objects on every call, so a page scope's provider shares the shell's (the RSC payload refers to them)", () => {
    const root = pickScope(fi, SHELL_SCOPE);
    const again = pickScope(fi, SHELL_SCOPE);
    expect(again.account).toBe(root.account);
    expect(again.common).toBe(fi.common);
    expect(pickScope(fi, PAGE_SCOPES.itemPage).collections).toBe(pickScope(fi, PAGE_SCOPES.itemPage).collections);
    // The same keys of the other locale's catalogue are another object.
    expect(pickScope(en, SHELL_SCOPE).account).not.toBe(root.account);
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
