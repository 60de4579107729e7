/**
 * No import cycles among the project's own modules (CONTRIBUTING.md, "Layers"). Every TypeScript
 * and JavaScript module of lib, app, components, db, scripts, bench, tests and the root is read
 * with TypeScript's import scanner, which finds static imports, `import type`, re-exports,
 * `require` and dynamic `import()` (outside comments and strings); specifiers are resolved as the
 * compiler does for this project: relative paths and the `paths` aliases of tsconfig.json
 * (`@/*`), with the module extensions and `index` files. A type-only import counts: it ties the
 * two modules' designs together as much as a value import, and import-x/no-cycle (lint) lets it
 * through. Packages are not followed.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** Folders whose modules are walked (the root's own modules are added). */
const DIRS = ['lib', 'app', 'components', 'db', 'scripts', 'bench', 'tests'];
/** Folders never walked: packages, build output, generated files. */
const SKIP = new Set(['node_modules', '.next', 'migrations', 'tmp']);
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs'];
/**
 * Probe files tests/unit/lint-rules.test.ts writes for a moment (one pair is a deliberate cycle);
 * that file may run in parallel with this one.
 */
const PROBE = /^zz-lint-probe-/;

/** Module graph: file (relative to the root) → the project files it imports. */
type Graph = Map<string, string[]>;

function isModule(name: string): boolean {
  return EXTENSIONS.some((e) => name.endsWith(e)) && !/\.d\.m?ts$/.test(name) && !PROBE.test(name);
}

function walk(dir: string, out: string[]): void {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name)) walk(rel, out);
    } else if (isModule(entry.name)) out.push(rel);
  }
}

/** The aliases of tsconfig.json's `compilerOptions.paths`: prefix before `*` → target folders (relative to the root). */
function aliases(): { prefix: string; targets: string[] }[] {
  const { config, error } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const options = (config as { compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> } })
    .compilerOptions;
  const base = path.resolve(ROOT, options?.baseUrl ?? '.');
  return Object.entries(options?.paths ?? {}).map(([pattern, targets]) => ({
    prefix: pattern.replace(/\*$/, ''),
    targets: targets.map((t) => path.relative(ROOT, path.resolve(base, t.replace(/\*$/, '')))),
  }));
}

/**
 * The project module a specifier names from `from` (both relative to the root), or null for a
 * package or a file outside the walked modules (JSON, CSS, …).
 */
function resolver(files: Set<string>): (from: string, specifier: string) => string | null {
  const aliasList = aliases();
  const lookup = (base: string): string | null => {
    const candidates = [
      base,
      ...EXTENSIONS.map((e) => base + e),
      ...EXTENSIONS.map((e) => path.join(base, `index${e}`)),
      base.replace(/\.js$/, '.ts'),
      base.replace(/\.js$/, '.tsx'),
      base.replace(/\.mjs$/, '.mts'),
    ];
    return candidates.find((c) => files.has(c)) ?? null;
  };
  return (from, specifier) => {
    if (specifier.startsWith('.')) return lookup(path.normalize(path.join(path.dirname(from), specifier)));
    for (const { prefix, targets } of aliasList) {
      if (!specifier.startsWith(prefix)) continue;
      for (const target of targets) {
        const found = lookup(path.join(target, specifier.slice(prefix.length)));
        if (found) return found;
      }
    }
    return null;
  };
}

/** Reads every module and its imports of project modules. */
function importGraph(): Graph {
  const list: string[] = [];
  for (const dir of DIRS) if (fs.existsSync(path.join(ROOT, dir))) walk(dir, list);
  for (const entry of fs.readdirSync(ROOT, { withFileTypes: true }))
    if (entry.isFile() && isModule(entry.name)) list.push(entry.name);
  const files = new Set(list);
  const resolve = resolver(files);
  const graph: Graph = new Map();
  for (const file of list) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(ROOT, file), 'utf8'), true, true);
    const targets = importedFiles.map((i) => resolve(file, i.fileName)).filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components of more than one module, or of one that imports itself (Tarjan). */
function cyclicComponents(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** One concrete cycle through a component's first module, as "a → b → … → a" (shortest, breadth first). */
function describeCycle(graph: Graph, component: string[]): string {
  const inside = new Set(component);
  const start = component[0];
  const parent = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const chain = [v];
        while (chain[0] !== start) chain.unshift(parent.get(chain[0])!);
        return [...chain, start].join(' → ');
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return component.join(', ');
}

describe('import graph', () => {
  const graph = importGraph();

  it('is read: the walker finds the modules and resolves relative and @/ imports', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get(path.join('lib', 'data', 'linked-identities.ts'))).toEqual(
      expect.arrayContaining([path.join('lib', 'auth', 'link-grant.ts'), path.join('lib', 'data', 'sql.ts')]),
    );
    expect(graph.get(path.join('lib', 'data', 'auth.ts'))).toContain(path.join('lib', 'auth', 'social-providers.ts'));
  });

  it('has no cycles (type-only imports included)', () => {
    const cycles = cyclicComponents(graph).map((c) => describeCycle(graph, c));
    expect(cycles).toEqual([]);
  });
});
