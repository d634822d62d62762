import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './scripts/lib/chromium'

const port = Number(process.env.PORT ?? 4173)

// Browser tests against the built dist/, served like S3 behind a CDN by scripts/serve.ts.
export default defineConfig({
  testDir: 'tests/e2e',
  // A full-page PNG of every page at two widths is for a person to look at: `npm run screenshots`.
  // The visual baselines (look.spec.ts) are what `npm test` compares.
  testIgnore: process.env.SCREENSHOTS ? [] : ['**/screenshots.spec.ts'],
  // Emptied when a run starts; kept after it: failures' traces and test-results/screenshots/.
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  // In CI a test that fails is run once more: a failure that does not come back is reported as
  // "flaky" by name at the end of `npm test` (scripts/test.sh), not hidden, and does not fail the
  // run; one that fails twice does. Here, none: a failure shows at once.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  webServer: {
    command: `npx tsx scripts/serve.ts`,
    // The preview starts its own API; in memory here, so every run starts empty; and the status
    // folder of its own, seeded with the build's sample (tests/e2e/statusStack.ts starts another).
    // Every test's leads come from 127.0.0.1: the per-address limit (5 in 10 min) would refuse the
    // keyboard-only forms of tests/e2e/states.spec.ts once other tests have sent theirs.
    env: {
      PORT: String(port),
      API_STORE: 'memory',
      STATUS_DIR: mkdtempSync(join(tmpdir(), 'rasid-e2e-status-')),
      RATE_ADDRESS_LIMIT: '100',
      // Every test's checkout sessions come from 127.0.0.1 too (10 in 30 min in production).
      RATE_SESSIONS_LIMIT: '10000',
    },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
  },
})
