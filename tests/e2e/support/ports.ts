/** Port of the e2e app server (`next start`). */
export const E2E_PORT = 3100;
/** Port of the local OAuth 2 / OIDC server of the Facebook and Google journeys. */
export const OAUTH_MOCK_PORT = 3199;
/** The mock's origin, as its issuer URL and as the browser reaches it. */
export const OAUTH_MOCK_URL = `http://127.0.0.1:${OAUTH_MOCK_PORT}`;
