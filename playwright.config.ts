import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { oauthMockEnv } from './tests/support/oauth-mock';
import { E2E_PORT, OAUTH_MOCK_URL } from './tests/e2e/support/ports';

/**
 * E2E against the production server (`next build` + `next start` via scripts/start.ts) on port
 * 3100 with its own data directory (.data/e2e), driving the system Chromium (never a downloaded
 * browser). The first start builds and imports the seed (~40k rows; a copy of the integration
 * tests' seeded PGlite template when `npm test` has built one, tests/e2e/support/web-server.ts),
 * hence the long timeout.
 * Facebook and Google point at a local OAuth 2 / OIDC server that the global setup starts on port
 * 3199 (tests/support/oauth-mock.ts). `scripts/test.ts` sets PLAYWRIGHT_JSON_OUTPUT_FILE to collect the totals. Specs import `test`
 * and helpers from tests/e2e/support/fixtures.ts.
 */
const PORT = E2E_PORT;

/**
 * The browser: `CHROMIUM_PATH` when set, else Debian's old headless shell (package
 * chromium-headless-shell) when installed, else the full Chromium. The shell runs the same Blink
 * and V8 without the browser UI and compositor processes: on two cores it ran the journeys about a
 * quarter faster than the full browser in headless mode, with the same results.
 */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = '/usr/bin/chromium-headless-shell';
  return fs.existsSync(shell) ? shell : '/usr/bin/chromium';
}
const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Two workers, each running whole spec files in order (the tests of one file share their
  // accounts and steps): on two cores the e2e phase took 9.5 minutes instead of 12.8 with one.
  // Specs keep to accounts, addresses and rows of their own (uniqueTag, claimAddress), so files
  // running side by side do not meet.
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Override when several people run e2e in one checkout at once (each run empties its outputDir).
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR || 'test-results',
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/Helsinki',
    // A failed test keeps its trace (actions, DOM snapshots, network) but no screenshots: the
    // screencast behind them cost Chromium a quarter of the e2e phase's time on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    headless: true,
  },
  webServer: {
    // scripts/start.ts, its database first copied from the seeded test template when there is one.
    command: `node --import tsx tests/e2e/support/web-server.ts --port ${PORT}`,
    url: `${baseURL}/version.json`,
    // No NEXT_PUBLIC_VERSION_CHECK_MS here on purpose: start.ts may run `next build` under this
    // env, and Next inlines NEXT_PUBLIC_* into that build, so a later `npm start` would keep
    // polling every few seconds. The version-prompt test fakes the clock (page.clock) instead.
    env: {
      DATA_DIR: '.data/e2e',
      PORT: String(PORT),
      // The test runner plays the one reverse proxy in front of the app: the X-Forwarded-For a
      // spec sends (claimAddress) is the client address, as a proxy's appended entry would be.
      TRUSTED_PROXIES: '1',
      ...oauthMockEnv(OAUTH_MOCK_URL),
    },
    reuseExistingServer: !process.env.CI,
    timeout: 15 * 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
