// `npm run knip`: files nothing uses, exports nothing imports, dependencies nothing needs.
// The Vite, Vitest, Playwright, UnoCSS and Biome plugins add their configs and test files; the
// package.json scripts add the commands they run (build/run.mjs, scripts/serve.ts, …).
import type { KnipConfig } from 'knip'

export default {
  entry: [
    // Vike's hooks and pages, and the islands renderer/islands/registry.ts finds with import.meta.glob.
    'pages/**/+*.{ts,tsx}',
    'pages/**/*.island.tsx',
    'renderer/+*.{ts,tsx}',
    // Commands (scripts/*.ts import libraries, never each other: .dependency-cruiser.cjs).
    'scripts/*.ts',
    // `npm run build` runs build/run.mjs, which bundles build/index.ts and the thread it starts.
    'build/index.ts',
    'build/postbuildWorker.ts',
    'build/searchWorker.ts',
    // The API server's AWS Lambda handler (docs/api.md; `npm run api` is scripts/api.ts).
    'api/server/lambda.ts',
    // The status probe's Lambda handler (infra/constructs/statusProbe.ts bundles it by path; docs/status.md).
    'api/status/lambda.ts',
    // The AWS CDK app (`npm run infra:synth`, infra/cdk.json).
    'infra/app.ts',
    // The test tiers (the Vitest plugin adds tests/dist/setup.ts from vitest.config.ts).
    'tests/{unit,api,dist}/**/*.test.ts',
    // The stacks' tests, beside the units they check (the unit tier).
    'infra/**/*.test.ts',
    'tests/e2e/**/*.spec.ts',
    // Programs a test starts in a child process (tests/api/failClosed.test.ts: a Lambda cold start).
    'tests/api/fixtures/*.ts',
    '*.config.ts',
  ],
  project: ['{api,host,pages,renderer,locales,build,scripts,bench,tests,infra}/**/*.{ts,tsx}', '*.ts'],
  // build/css.ts copies the font files out of these packages by path; nothing imports them.
  ignoreDependencies: [
    '@fontsource/inter',
    '@fontsource/ibm-plex-sans-arabic',
    '@expo-google-fonts/ibm-plex-sans-arabic',
    '@emran-alhaddad/saudi-riyal-font',
    // build/icons.ts reads the payment marks' sets by path.
    '@iconify-json/logos',
    '@iconify-json/simple-icons',
  ],
} satisfies KnipConfig
