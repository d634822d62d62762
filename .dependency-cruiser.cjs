// The import rules of the project (docs/development.md, "Layout"), checked by `npm run deps` in `npm test`.
// Paths are relative to the project root; npm packages resolve to node_modules/<name>/.
const reactLike =
  '(^|/)node_modules/(react|react-dom|react-intl|@formatjs/[^/]+|@radix-ui/[^/]+|@types/react|@types/react-dom|vike-react)/'
const browser = '^(renderer/(client|islands|search|shared|toaster)|api/client)/'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes load order matter and blocks splitting: make the arrows one-way.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'client-not-to-react-or-build',
      comment:
        'The browser runtime is plain TypeScript: no React, react-intl, formatjs or Radix, and no build, script or page code, not even through import().',
      severity: 'error',
      from: { path: '^renderer/client/' },
      to: { path: [reactLike, '^(build|scripts|pages)/'] },
    },
    {
      name: 'client-never-reaches-react',
      comment:
        'Not through another module either: React arrives only with the loaders renderer/+client.ts hands the runtime.',
      severity: 'error',
      from: { path: '^renderer/client/' },
      to: {
        path: '(^|/)node_modules/(react|react-dom|react-intl|@radix-ui/[^/]+|@formatjs/[^/]+|vike-react)/',
        reachable: true,
      },
    },
    {
      name: 'renderer-not-to-pages',
      comment: 'The shell serves every page and names none: pages import the renderer, never the reverse.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^pages/' },
    },
    {
      name: 'browser-not-to-build-or-scripts',
      comment: 'Code that runs in the browser cannot use build-time or command code.',
      severity: 'error',
      from: { path: browser },
      to: { path: '^(build|scripts)/' },
    },
    {
      name: 'browser-not-to-node',
      comment: 'Code that runs in the browser cannot import Node built-ins.',
      severity: 'error',
      from: { path: browser },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-only-shared-and-locales',
      comment:
        'renderer/shared runs in Node and the browser alike: it imports only itself and locales/*.ts, no package, no built-in.',
      severity: 'error',
      from: { path: '^renderer/shared/' },
      to: { pathNot: '^(renderer/shared/[^/]+|locales/[^/]+\\.ts)$' },
    },
    {
      name: 'shared-locales-pure',
      comment: 'The locales/*.ts that renderer/shared uses must be pure too: no package or built-in behind them.',
      severity: 'error',
      from: { path: '^renderer/shared/' },
      to: { path: '(^|/)node_modules/', reachable: true },
    },
    {
      name: 'search-only-minisearch',
      comment:
        'renderer/search is the guide search of the build, the browser and the bench alike: it imports itself, renderer/shared, locales/*.ts and MiniSearch, nothing else.',
      severity: 'error',
      from: { path: '^renderer/search/' },
      to: { pathNot: '^(renderer/(search|shared)/[^/]+|locales/[^/]+\\.ts|node_modules/minisearch/.*)$' },
    },
    {
      name: 'scripts-not-to-scripts',
      comment: 'scripts/*.ts are commands: they import libraries (build/, renderer/shared/), never each other.',
      severity: 'error',
      from: { path: '^scripts/[^/]+\\.ts$' },
      to: { path: '^scripts/[^/]+\\.ts$' },
    },
    {
      name: 'nothing-to-bench',
      comment:
        'bench/ is the measuring program (`npm run bench`): nothing imports it but itself and its tests; the product (pages, renderer, build, api, host, locales), the commands and the stack never do.',
      severity: 'error',
      from: { pathNot: '^(bench|tests)/' },
      to: { path: '^bench/' },
    },
    {
      name: 'bench-modes-lazy',
      comment:
        'bench/index.ts loads a mode (bench/modes/) with import() only when it runs, so that --help and wrong usage answer without loading a browser, the build or Lighthouse.',
      severity: 'error',
      from: { path: '^bench/index\\.ts$' },
      to: { path: '^bench/modes/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'contract-only-valibot',
      comment:
        'api/contract runs in the browser, the server and the tests: it imports itself, valibot and the locale table (locales/locales.ts, which imports nothing), nothing else.',
      severity: 'error',
      from: { path: '^api/contract/' },
      to: { pathNot: '^(api/contract/[^/]+\\.ts|locales/locales\\.ts|node_modules/valibot/)' },
    },
    {
      name: 'api-server-not-to-site',
      comment:
        'The API server ships alone (Node, Lambda): it never imports the site, the build or the commands, nor the site’s settings (site.config.ts). The business rules it prices and plays by (markets, fees, methods, the catalogue, the privacy periods) are the contract’s.',
      severity: 'error',
      from: { path: '^api/server/' },
      to: { path: '^(renderer|pages|build|scripts)/|^site\\.config\\.ts$' },
    },
    {
      name: 'only-api-commands-and-tests-to-server',
      comment:
        'The server is its own program: the site and the build reach the API through the contract only; the commands and the bench (through its entry, below), the stack (infra/, which bundles it and reads its table definition and problem document) and tests may use it.',
      severity: 'error',
      from: { pathNot: '^(api|tests|scripts|bench|infra)/' },
      to: { path: '^api/server/' },
    },
    {
      name: 'commands-to-server-through-its-entry',
      comment:
        'The commands (npm run api, the preview) and the bench start the server and run its jobs through api/server/index.ts, what it offers them; its modules are its own. The commands’ helper and their words are in scripts/lib/cli/.',
      severity: 'error',
      from: { path: '^(scripts|bench)/' },
      to: { path: '^api/server/', pathNot: '^api/server/index\\.ts$' },
    },
    {
      name: 'infra-only-what-it-deploys',
      comment:
        'The stack (infra/) takes what it deploys from where it is made: the host rules with the CloudFront Functions made from them (host/rules.ts, renderer/shared), the headers policies (host/policies.ts), the table (api/server/store/dynamo.ts), the API’s problem document for the WAF (api/server/http.ts), the header CloudFront adds on the webhook’s origin (api/server/edgeOrigin.ts), the font files the API’s bundle carries (api/contract/faces.ts) and the backups’ period the privacy notice states (api/contract/privacy.ts); nothing else of the project. Its tests (infra/**/*.test.ts) are tests: they hold the templates to the code that reads them.',
      severity: 'error',
      from: { path: '^infra/', pathNot: '^infra/.+\\.test\\.ts$' },
      to: {
        path: '^(api|build|host|pages|renderer|locales|scripts|tests)/',
        pathNot:
          '^(renderer/shared/[^/]+|host/rules\\.ts|host/policies\\.ts|api/server/store/dynamo\\.ts|api/server/http\\.ts|api/server/edgeOrigin\\.ts|api/contract/faces\\.ts|api/contract/privacy\\.ts)$',
      },
    },
    {
      name: 'api-status-runtime-only',
      comment:
        'api/status is the status probe’s Lambda and the status document’s logic it shares with `npm run status`: production code, which never imports the site’s pages, the build, the commands or the API server.',
      severity: 'error',
      from: { path: '^api/status/' },
      to: { path: '^(pages|build|scripts|api/server|api/client|tests)/|^renderer/(?!shared/)' },
    },
    {
      name: 'only-commands-build-and-tests-to-status',
      comment:
        'The status code is reached by the command (scripts/), the build (its feeds and sample, build/status.ts) and the tests, infra/’s too; infra/ bundles its Lambda by path.',
      severity: 'error',
      from: { pathNot: '^((api/status|scripts|build|tests)/|infra/.+\\.test\\.ts$)' },
      to: { path: '^api/status/' },
    },
    {
      name: 'nothing-to-infra',
      comment:
        'infra/ is a program of its own (npx cdk): nothing imports it but its tests (the templates, beside it, and the bundles it makes).',
      severity: 'error',
      from: { pathNot: '^(infra/|tests/api/bundles\\.test\\.ts$)' },
      to: { path: '^infra/' },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports and that imports nothing is dead, or an entry point missing from this list.',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '(^|/)\\+[^/]+\\.tsx?$',
          '\\.d\\.ts$',
          '(^|/)\\.[^/]+\\.(js|cjs|mjs|ts|json)$',
          '(^|/)tsconfig\\.json$',
          // A worker's script, started by `new Worker(new URL(...))` (renderer/client/islands.ts), not imported.
          '^renderer/client/intlWarm\\.ts$',
        ],
      },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import that resolves to no file: a typo, a moved module or a missing package (virtual: modules are Vite plugins).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '^(dist|cloudfront|\\.vike|infra/cdk\\.out)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a cycle or a forbidden arrow through types is still one.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
