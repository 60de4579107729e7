/**
 * The project's own ESLint rules for layer boundaries that path rules cannot express.
 *
 * `layers/client-no-data-runtime`: a client component (a file starting with 'use client') may
 * import types from lib/data (the API's DTOs) but no runtime value: lib/data is server-only and
 * queries the database, so a value import would pull it into the browser bundle.
 *
 * `layers/db-client-importers`: no import (static, re-export or dynamic; by `@/` alias or relative
 * path) of the database client db/index.ts. eslint.config.mjs turns it on everywhere except the
 * modules allowed to open the database (lib/data, lib/import, scripts, bench, tests); the data
 * folder is lib/config/data-dir.ts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_ONLY = /^@\/(lib\/data|db)(\/|$)/;
/** The project root (this file lives in eslint-rules/). */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The database client, without extension, relative to the root. */
const DB_CLIENT = path.join('db', 'index');

const clientNoDataRuntime = {
  meta: {
    type: 'problem',
    docs: { description: 'Client components import only types from lib/data and nothing from db.' },
    messages: {
      runtime: "A 'use client' module imports a runtime value from {{source}}; import only types (import type …).",
    },
    schema: [],
  },
  create(context) {
    let client = false;
    return {
      Program(node) {
        client = node.body.some((s) => s.type === 'ExpressionStatement' && s.directive === 'use client');
      },
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (!client || !SERVER_ONLY.test(source) || node.importKind === 'type') return;
        const typesOnly =
          node.specifiers.length > 0 &&
          node.specifiers.every((s) => s.type === 'ImportSpecifier' && s.importKind === 'type');
        if (!typesOnly) context.report({ node, messageId: 'runtime', data: { source } });
      },
    };
  },
};

/**
 * The project file an import specifier names, relative to the root and without extension
 * (`@/db` → `db/index`), or null for a package.
 */
function projectModule(source, filename) {
  let abs;
  if (source.startsWith('@/')) abs = path.join(ROOT, source.slice(2));
  else if (source.startsWith('.')) abs = path.resolve(path.dirname(filename), source);
  else return null;
  const rel = path.relative(ROOT, abs).replace(/\.(ts|tsx|mts|js|mjs)$/, '');
  return rel === 'db' ? DB_CLIENT : rel;
}

const dbClientImporters = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Only lib/data, lib/import, scripts, bench and tests import the database client db/index.ts.',
    },
    messages: {
      dbClient:
        'Only lib/data, lib/import, scripts, bench and tests import the database client ({{source}}); the data folder is @/lib/config/data-dir.',
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const check = (node, sourceNode) => {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      if (projectModule(sourceNode.value, filename) === DB_CLIENT)
        context.report({ node, messageId: 'dbClient', data: { source: sourceNode.value } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { 'client-no-data-runtime': clientNoDataRuntime, 'db-client-importers': dbClientImporters } };
