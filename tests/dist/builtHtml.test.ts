// The build reads the pages it prerenders with its own reader (build/html.ts `parseBuiltHtml`), which
// must build parse5's tree for them: the same nodes, names, attributes, text and source offsets.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { type Node, parseBuiltHtml, parseHtml } from '../../build/html'

type Any = Node & Record<string, unknown>
/** A node as comparable data: what build/html.ts and its callers read of it. */
function shape(node: Node): unknown {
  const n = node as Any
  const at = n.sourceCodeLocation as
    | { startOffset: number; endOffset: number; startTag?: { endOffset: number }; endTag?: { startOffset: number } }
    | undefined
  const children =
    (n.nodeName === 'template'
      ? (n.content as { childNodes: Node[] }).childNodes
      : (n.childNodes as Node[] | undefined)) ?? []
  return {
    name: n.nodeName,
    attrs: n.attrs,
    value: n.value,
    data: n.data,
    at: at && [at.startOffset, at.endOffset, at.startTag?.endOffset, at.endTag?.startOffset],
    children: children.map(shape),
  }
}

test("the build's reader reads every built page as parse5 does", () => {
  const files = (readdirSync('dist', { recursive: true }) as string[]).filter((f) => f.endsWith('.html'))
  expect(files.length).toBeGreaterThan(30)
  for (const file of files) {
    const source = readFileSync(join('dist', file), 'utf8')
    expect(shape(parseBuiltHtml(source).document), file).toEqual(shape(parseHtml(source).document))
  }
})

test('markup it does not expect goes to parse5', () => {
  for (const source of [
    '<!DOCTYPE html><html><head></head><body><p>a &mdash; b</p></body></html>', // a named reference it does not know
    '<!DOCTYPE html><html><head></head><body><svg viewBox="0 0 1 1"></svg></body></html>', // SVG's attribute names
    '<!DOCTYPE html><html><head></head><body><p>one<p>two</body></html>', // an end tag left out
    '<p>no document</p>',
  ]) {
    expect(shape(parseBuiltHtml(source).document), source).toEqual(shape(parseHtml(source).document))
  }
})
