// React and react-dom are CommonJS; Rolldown wraps each such module in a factory it calls on first
// `require` (`var n=e((e=>{…react-dom…}))`). V8 compiles an arrow lazily: the 200 KB factory of
// react-dom was compiled on the main thread when the island's code first ran, 70-90 ms of the one
// long task a visitor's first tap waits behind at 4x CPU (docs/performance.md, "A tap while an
// island loads"). A parenthesised `function` expression is one V8 compiles eagerly, and while the
// script streams in, off the main thread. This plugin writes each factory so, once the chunks are
// final. Same behaviour: a factory that reads `this` or `arguments` is left as it is. With
// SOURCEMAP=1 a rewritten chunk's map is off by the few characters each factory grew.
import type { Plugin } from 'vite'
import { parseAst } from 'vite'

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

/** Whether `node` reads `this` or `arguments` of the function around it (arrows see through). */
function usesOwnBinding(node: Node): boolean {
  if (node.type === 'ThisExpression') return true
  if (node.type === 'Identifier' && node.name === 'arguments') return true
  if (node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') return false
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue
    if (Array.isArray(value)) {
      if (value.some((v) => isNode(v) && usesOwnBinding(v))) return true
    } else if (isNode(value) && usesOwnBinding(value)) return true
  }
  return false
}

/**
 * `code` with every top-level `var x = f((a, b) => { … })`, a CommonJS factory as Rolldown writes
 * it, written as `var x = f((function (a, b) { … }))`; `count` is how many. Throws if the parser's
 * offsets do not match the text (nothing half-rewritten reaches dist/).
 */
export function eagerFactories(code: string): { code: string; count: number } {
  const program = parseAst(code) as unknown as { body: Node[] }
  const edits: { start: number; end: number; text: string }[] = []
  for (const statement of program.body) {
    if (statement.type !== 'VariableDeclaration') continue
    for (const declarator of statement.declarations as Node[]) {
      const init = declarator.init as Node | null
      if (init?.type !== 'CallExpression' || (init.callee as Node).type !== 'Identifier') continue
      const args = init.arguments as Node[]
      const arrow = args[0]
      if (args.length !== 1 || arrow?.type !== 'ArrowFunctionExpression' || arrow.async) continue
      const params = arrow.params as Node[]
      const body = arrow.body as Node
      if (params.length > 2 || params.some((p) => p.type !== 'Identifier') || body.type !== 'BlockStatement') continue
      if (usesOwnBinding(body)) continue
      const bodyText = code.slice(body.start, body.end)
      if (!bodyText.startsWith('{') || !bodyText.endsWith('}') || code.slice(arrow.end - 1, arrow.end) !== '}')
        throw new Error(`eagerFactories: the parser's offsets do not match the code at ${arrow.start}`)
      const names = params.map((p) => p.name as string).join(',')
      // Parenthesised, as V8 looks for; minified code has the parentheses already.
      const text = `function(${names})${bodyText}`
      edits.push({ start: arrow.start, end: arrow.end, text: code[arrow.start - 1] === '(' ? text : `(${text})` })
    }
  }
  let out = code
  for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end)
  return { code: out, count: edits.length }
}

/** The build's plugin: the chunks that hold CommonJS factories, rewritten as they are written. */
export function eagerFactoriesPlugin(): Plugin {
  return {
    name: 'rasid:eager-commonjs-factories',
    apply: 'build',
    // The browser's chunks; the prerender's server bundle runs once, in Node.
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        // Only a chunk that holds one: Rolldown's helper is called with the factory.
        if (chunk.type !== 'chunk' || !/\(\(?\(?[\w$]+(?:,[\w$]+)?\)?=>\{/.test(chunk.code)) continue
        chunk.code = eagerFactories(chunk.code).code
      }
    },
  }
}
