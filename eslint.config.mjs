import tseslint from 'typescript-eslint';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import layers from './eslint-rules/layers.mjs';

/** Modules that do I/O: lib/validation (shared by forms and server) imports none of them. */
const IO_MODULES = [
  '@/db',
  '@/db/*',
  '@/lib/data/*',
  '@/lib/auth/*',
  '@/lib/import/*',
  'node:*',
  'fs',
  'path',
  'postgres',
  'drizzle-orm',
  'drizzle-orm/*',
  '@electric-sql/*',
  'next/*',
  'server-only',
];

/** insertIdentity checks nothing itself (restricted to lib/data). */
const INSERT_IDENTITY = {
  name: '@/lib/data/linked-identities',
  importNames: ['insertIdentity'],
  message: 'insertIdentity checks nothing: link through linkIdentity (a link grant) or login (the password).',
};
/** The catalogue writers check no permission (restricted to lib/data and the importer). */
const CATALOGUE_WRITES = {
  name: '@/lib/data/catalogue-writes',
  message:
    'The catalogue writers check nothing: go through the change requests of lib/data, which check the actor first.',
};

export default tseslint.config(
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      '.data/**',
      'db/migrations/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
      'bench/tmp/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { '@next/next': nextPlugin, 'react-hooks': reactHooks },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Prettier wraps code at 120 columns; what it cannot wrap (strings, comments, SQL) stays within 160.
      'max-len': ['error', { code: 160, tabWidth: 2 }],
    },
  },
  // Layers (CONTRIBUTING.md): no import cycles; pages and components never reach the database.
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { 'import-x': importX, layers },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/internal-regex': '^@/',
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './components', from: './db', message: 'Components read data through lib/data, never db/.' },
            {
              target: './app',
              from: './db',
              message: 'Pages and route handlers read data through lib/data, never db/.',
            },
            {
              target: './lib/validation',
              from: ['./db', './lib/data', './lib/auth', './lib/import'],
              message: 'lib/validation has no I/O.',
            },
          ],
        },
      ],
      'layers/client-no-data-runtime': 'error',
    },
  },
  // The database client (db/index.ts) is for the modules that open the database; the others take
  // the data folder from lib/config/data-dir.ts.
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    ignores: ['lib/data/**', 'lib/import/**', 'scripts/**', 'bench/**', 'tests/**', 'db/**'],
    plugins: { layers },
    rules: { 'layers/db-client-importers': 'error' },
  },
  // Data-layer functions that check nothing themselves, for other data-layer functions that have
  // proven the caller first: nothing outside lib/data may call them.
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}', 'scripts/**/*.ts', '*.ts'],
    ignores: ['lib/data/**', 'lib/import/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [INSERT_IDENTITY, CATALOGUE_WRITES] }],
    },
  },
  // The catalogue importer merges duplicate movies through the catalogue writer (a bulk load, no actor).
  {
    files: ['lib/import/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [INSERT_IDENTITY] }],
    },
  },
  {
    files: ['lib/validation/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: IO_MODULES, message: 'lib/validation has no I/O: it is shared by forms and the server.' },
          ],
        },
      ],
    },
  },
);
