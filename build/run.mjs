// `npm run build`: bundles build/index.ts and what it imports from the project (not the packages)
// into one file with esbuild, then runs it with plain Node. Node would otherwise load ~100
// TypeScript files through tsx's loader hooks, and every later import, Vike's page entries
// included, would pass through them: about 0.7 s of a build. (For stack traces into the TypeScript
// sources, run `npx tsx build/index.ts`.)
import { createHash } from 'node:crypto'
import module, { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const require = createRequire(import.meta.url)
// Node's compile cache (Node 22.1 and later; Node 20 has none): the modules the build loads (Vite,
// Rolldown, Vike, React, UnoCSS) are compiled from V8's cache on the next build, as Astro's builds do.
// NODE_COMPILE_CACHE, when set, names the folder instead.
module.enableCompileCache?.(process.env.NODE_COMPILE_CACHE || join('node_modules', '.cache', 'node-compile-cache'))
// One folder per project folder: copies of the project may share node_modules (a symbolic link).
const outdir = join(
  'node_modules',
  '.cache',
  'rasid-build',
  createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12),
)
await build({
  // The build, its second thread (build/readPage.ts `pageReader`) and the card drawers'
  // (build/cards/write.ts, written as cards/worker.mjs).
  entryPoints: ['build/index.ts', 'build/postbuildWorker.ts', 'build/searchWorker.ts', 'build/cards/worker.ts'],
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  plugins: [
    {
      // A package's JSON (the icon set) is bundled: Node imports JSON only with an import attribute.
      name: 'package-json',
      setup(b) {
        b.onResolve({ filter: /^[^./].*\.json$/ }, (args) => ({
          path: require.resolve(args.path, { paths: [args.resolveDir] }),
        }))
      },
    },
  ],
})
await import(pathToFileURL(join(outdir, 'index.mjs')).href)
