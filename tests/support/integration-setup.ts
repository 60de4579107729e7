/**
 * Global setup of the vitest project `integration`: builds the seeded template databases (PGlite,
 * and PostgreSQL when TEST_DATABASE_URL is set) once, before the test files start in parallel.
 */
import { assertPostgresConfiguredInCi, ensureSeedTemplates } from './db';

export default async function setup(): Promise<void> {
  assertPostgresConfiguredInCi();
  await ensureSeedTemplates();
}
