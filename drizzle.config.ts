import { defineConfig } from 'drizzle-kit';

/** drizzle-kit: generates SQL migrations from db/schema into db/migrations (dialect only; no connection needed). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  casing: 'snake_case',
});
