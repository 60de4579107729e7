import { startOAuthMock } from '../../support/oauth-mock';
import { OAUTH_MOCK_PORT } from './ports';

/**
 * Playwright global setup: the local OAuth 2 / OpenID Connect server the e2e app server's
 * Facebook and Google providers point at (playwright.config.ts passes oauthMockEnv to it).
 * @returns the teardown that stops it
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const mock = await startOAuthMock(OAUTH_MOCK_PORT);
  return () => mock.stop();
}
