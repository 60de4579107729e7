import 'server-only';
import compile from 'icu-minify/compile';

/** A message catalogue: nested namespaces whose leaves are ICU messages. */
export type MessageTree = { [key: string]: string | MessageTree };

/** The same catalogue with every leaf compiled by icu-minify (what use-intl's `format-only` formatter reads). */
export type CompiledMessageTree = { [key: string]: ReturnType<typeof compile> | CompiledMessageTree };

/**
 * Compiles every ICU message of a catalogue ahead of formatting (icu-minify, the compiler
 * next-intl uses for `precompile`). next.config.ts aliases `use-intl/format-message` to its
 * `format-only` variant, so neither the browser nor the server bundle carries the ICU parser
 * (intl-messageformat, ~8 KB gzip of every page's first-load JavaScript). Plain texts
 * stay strings; messages with arguments, plurals, selects or tags become arrays.
 * tests/unit/client-messages.test.ts checks that every message formats exactly as the ICU parser
 * formats it. Pure; throws on a malformed ICU message (the message tests catch that first).
 */
export function precompileMessages(tree: MessageTree): CompiledMessageTree {
  const out: CompiledMessageTree = {};
  for (const [key, value] of Object.entries(tree))
    out[key] = typeof value === 'string' ? plain(compile(value)) : precompileMessages(value);
  return out;
}

/**
 * icu-minify builds plural/select option maps without a prototype; React refuses such objects in
 * props of client components (the catalogue goes to NextIntlClientProvider). A JSON round trip
 * gives plain objects; compiled messages are plain JSON data (next-intl's loader emits them as JSON).
 */
function plain<T>(compiled: T): T {
  return typeof compiled === 'string' ? compiled : (JSON.parse(JSON.stringify(compiled)) as T);
}
