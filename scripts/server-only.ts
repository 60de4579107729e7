/**
 * Lets a plain Node process (tsx script) import lib/data. Every lib/data module starts with
 * `import 'server-only'`, a marker that Next.js resolves to an empty module for server code and
 * that is not installed as a package; outside Next the import fails. This registers a Node
 * module customization hook (node:module `register`, documented under "Customization Hooks")
 * that resolves the bare specifier `server-only` — and nothing else — to an empty module, the
 * same stand-in vitest.config.ts aliases for tests.
 *
 * Call {@link allowServerOnlyImports} before lib/data is loaded, i.e. import lib/data dynamically
 * (`await import(...)`) afterwards: static imports are resolved before any code runs.
 */
import { register } from 'node:module';

/** Hook module source: `server-only` → an empty ES module; every other specifier goes on unchanged. */
const HOOKS = `
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'server-only') return { url: 'data:text/javascript,export%20%7B%7D', shortCircuit: true };
  return nextResolve(specifier, context);
}
`;

let registered = false;

/** Registers the resolve hook once per process (idempotent). */
export function allowServerOnlyImports(): void {
  if (registered) return;
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);
  registered = true;
}
