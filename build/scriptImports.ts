// What a built script loads; read by the build's pruning (build/postbuild.ts) and by `npm run verify`.
// Regexes over Vite's own minified output, on purpose: a lexer (es-module-lexer, only a transitive
// dependency of vike here) would find the import specifiers, but not the preload lists, which are
// plain string literals; and a false match here only keeps a chunk, or makes verify name it.

/**
 * The scripts a built script loads, as Vite writes them: `relative` imports (`from"./x.js"`,
 * `import("../x.js")`, also with backticks) and `fromRoot` keys of its preload lists
 * (`"assets/chunks/x.js"`, what a dynamic import needs), and a worker's script
 * (`new Worker(new URL(\`/assets/x.js\`, import.meta.url))`) as a key too.
 */
export function scriptImports(code: string): { relative: string[]; fromRoot: string[] } {
  return {
    relative: [...code.matchAll(/\b(?:from|import)\s*\(?\s*(["'`])(\.{1,2}\/[^"'`]+?)\1/g)].map((m) => m[2]!),
    fromRoot: [
      ...[...code.matchAll(/"(assets\/[^"]+\.js)"/g)].map((m) => m[1]!),
      ...[...code.matchAll(/\bnew URL\(\s*(["'`])\/(assets\/[^"'`]+\.js)\1/g)].map((m) => m[2]!),
    ],
  }
}
