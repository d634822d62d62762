import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { runtimeMessages } from './build/runtimeMessages'

// Three tiers (docs/testing.md, "The tiers"): `unit` is pure and needs nothing; `api` starts the API server
// (api/server/) on loopback and talks HTTP to it; `dist` checks the built site and needs
// `npm run build` first (and Java for the Nu Html Checker). `npx vitest run --project unit`.
export default defineConfig({
  plugins: [runtimeMessages()],
  // What build/vite.ts defines for the site.
  define: {
    __UPDATE_CHECK_INTERVAL__: String(60 * 60 * 1000),
    __RUNTIME_CONFIG_DEFAULTS__: JSON.stringify({ apiBase: '/api/v1', paymentHosts: [], features: {} }),
  },
  test: {
    // A file per core at once: on 2 cores Vitest's default ran one file at a time here (the api
    // tier in 118 s, dist in 202 s), though most of a file's time is spent waiting on a child
    // process or a server; two at once took 72 s and 113 s, with less CPU in all.
    maxWorkers: availableParallelism(),
    // Room for a test that starts servers and processes on a machine busy with the other lanes of
    // npm test (scripts/test.sh): Vitest's 5 s ran out for one under load. A test that needs more says so.
    testTimeout: 30_000,
    // The same for a hook: a copy of dist/ or a server's start took more than Vitest's 10 s under load.
    hookTimeout: 60_000,
    projects: [
      // The stacks' tests sit beside their units in infra/ (infra/testing.ts synthesizes them unbundled).
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'infra/**/*.test.ts'] } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'dist',
          include: ['tests/dist/**/*.test.ts'],
          globalSetup: ['tests/dist/setup.ts'],
          // Many of its tests copy dist/ (15 MB) and verify every page of the copy: under npm test's
          // other lanes one took more than 30 s.
          testTimeout: 120_000,
        },
      },
      // Firefox and WebKit (docs/testing.md, "Firefox and WebKit"): the built site in Debian's
      // firefox-esr and WebKitGTK, one engine after the other, each a browser session per language.
      {
        extends: true,
        test: {
          name: 'engines',
          include: ['tests/engines/**/*.test.ts'],
          globalSetup: ['tests/engines/setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
