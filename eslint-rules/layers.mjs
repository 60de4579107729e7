/**
 * The project's own ESLint rules for layer boundaries that path rules cannot express.
 *
 * `layers/client-no-data-runtime`: a client component (a file starting with 'use client') may
 * import types from lib/data (the API's DTOs) but no runtime value: lib/data is server-only and
 * queries the database, so a value import would pull it into the browser bundle.
 */
const SERVER_ONLY = /^@\/(lib\/data|db)(\/|$)/;

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

export default { rules: { 'client-no-data-runtime': clientNoDataRuntime } };
