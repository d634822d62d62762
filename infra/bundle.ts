// How the stack's functions are built (docs/aws.md, "The bundles"): esbuild's API from
// node_modules, in this process, never Docker. One CommonJS file, index.js, as Lambda's Node.js
// runtime loads a handler `index.handler` from a folder with no package.json; its AWS SDK v3 is
// bundled, the one the tests ran, so nothing is resolved from the runtime's own copy. Any warning
// of esbuild stops the synthesis: a warning is how an ES module's `import.meta` silently became
// `{}` in a CommonJS bundle, and the API failed at its first cold start.
import { cpSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AssetHashType, DockerImage } from 'aws-cdk-lib'
import * as lambda from 'aws-cdk-lib/aws-lambda'
import { buildSync, formatMessagesSync } from 'esbuild'

/** The Node.js that the functions run on, and what the bundle is compiled for. */
const functionsRuntime = lambda.Runtime.NODEJS_24_X
const target = 'node24'

/** The project's root: where the functions' entries are, and the catalogs the stack quotes. */
export const projectRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..')

/**
 * What both functions share: one CommonJS `index.handler` on Node 24, arm64, with text logs.
 * tests/api/bundles.test.ts loads and invokes what this makes.
 */
export const bundledFunction = {
  handler: 'index.handler',
  runtime: functionsRuntime,
  architecture: lambda.Architecture.ARM_64,
  loggingFormat: lambda.LoggingFormat.TEXT,
} satisfies Partial<lambda.FunctionProps>

export class BundleWarning extends Error {}

/**
 * Bundles `entry` into `outDir/index.js` (with its source map), and copies `packageFiles` (paths
 * inside packages, `@fontsource/inter/files/x.woff2`) under `outDir/node_modules/`, with each
 * package's package.json, where the bundle's `require.resolve` finds them as it did in the project.
 * Throws on any esbuild warning, naming the entry and each warning with its place.
 */
export function bundleTo(entry: string, outDir: string, { root, packageFiles = [] }: BundleOptions) {
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: join(outDir, 'index.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target,
    minify: true,
    // The map names each source's file and line for a stack trace (`--enable-source-maps`), without
    // the sources' text: a leaked artifact shows no more of the code than the minified bundle does.
    sourcemap: true,
    sourcesContent: false,
    // ES module code of ours or of a package may read its own address (`createRequire(import.meta.url)`):
    // in CommonJS that is the bundle's file.
    define: { 'import.meta.url': '__bundle_url' },
    banner: { js: 'var __bundle_url=require("node:url").pathToFileURL(__filename).href;' },
    logLevel: 'silent',
  })
  if (result.warnings.length > 0) {
    const text = formatMessagesSync(result.warnings, { kind: 'warning', color: false }).join('\n')
    throw new BundleWarning(
      `Bundling ${relative(root, entry)} gave ${result.warnings.length} esbuild warning(s); the synthesis stops (docs/aws.md, "The bundles"):\n${text}`,
    )
  }
  const require = createRequire(join(root, 'package.json'))
  for (const file of packageFiles) {
    const name = file
      .split('/')
      .slice(0, file.startsWith('@') ? 2 : 1)
      .join('/')
    const packageDir = dirname(require.resolve(`${name}/package.json`))
    const into = join(outDir, 'node_modules', name)
    mkdirSync(join(into, dirname(file.slice(name.length + 1))), { recursive: true })
    cpSync(join(packageDir, 'package.json'), join(into, 'package.json'))
    cpSync(require.resolve(file), join(into, file.slice(name.length + 1)))
  }
}

interface BundleOptions {
  /** The project's root: where esbuild resolves from, and where `packageFiles` are found. */
  root: string
  packageFiles?: string[]
}

/**
 * The function's code: `entry` bundled at synthesis (skipped, as CDK skips every bundling, for a
 * stack outside the `aws:cdk:bundling-stacks` context), hashed by what it produced.
 */
export function bundledCode(entry: string, options: BundleOptions): lambda.Code {
  return lambda.Code.fromAsset(dirname(entry), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never run: local bundling always succeeds or throws. CDK's type asks for an image.
      image: DockerImage.fromRegistry('local-bundling-only'),
      local: {
        tryBundle(outputDir) {
          bundleTo(entry, outputDir, options)
          return true
        },
      },
    },
  })
}
