// The pages' inline scripts (the locale boot script, the 404 page's script) are ordinary,
// type-checked modules under renderer/client/inline/, each exporting one function. This bundles
// one into a minified IIFE that calls that function with its JSON config: the text that goes
// between <script> and </script>, and whose SHA-256 the Content-Security-Policy allows
// (build/headers.ts reads the hashes off the built pages).
import { buildSync } from 'esbuild'

/** What the inline scripts are written for: every browser the site supports runs ES2019. */
const INLINE_SCRIPT_TARGET = 'es2019'

/**
 * `inlineScript('renderer/client/inline/boot.ts', 'boot', cfg)` -> `(()=>{…})();`: the module and
 * what it imports, minified, calling `boot(cfg)`. The path is relative to the project root (the
 * working directory of the build, as for the catalogs); the same input gives the same text.
 */
export function inlineScript(entry: string, exportName: string, config: unknown, root = process.cwd()): string {
  const { outputFiles } = buildSync({
    stdin: {
      contents: `import { ${exportName} } from ${JSON.stringify(`./${entry}`)}\n${exportName}(${JSON.stringify(config)})\n`,
      resolveDir: root,
      sourcefile: `${entry} (inline)`,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: INLINE_SCRIPT_TARGET,
    // Arabic titles as UTF-8 text, not \u escapes: the page is UTF-8.
    charset: 'utf8',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  })
  return outputFiles[0]!.text.trim()
}
