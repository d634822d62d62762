// HTML as a browser reads it, for the build and `npm run verify`: parse5 (the WHATWG parsing
// algorithm) parses a page once, with the source offsets of every node. Reading goes through the
// tree (elements, attributes with entities decoded, text); writing splices the source at the
// offsets the parser reports, so the bytes React wrote stay as they are everywhere else (the
// payload's body is the page's own, byte for byte; the tests look for React's `/>`).
import { type DefaultTreeAdapterTypes, parse, parseFragment } from 'parse5'

type Document = DefaultTreeAdapterTypes.Document
export type Element = DefaultTreeAdapterTypes.Element
export type Node = DefaultTreeAdapterTypes.Node

/** A parsed page: its tree, and the source the tree's offsets point into. */
export interface HtmlDocument {
  source: string
  document: Document
}

export function parseHtml(source: string): HtmlDocument {
  return { source, document: parse(source, { sourceCodeLocationInfo: true }) }
}

/** A piece of HTML as `template.innerHTML = source` makes it (a payload's body). */
export function parseHtmlFragment(source: string): DefaultTreeAdapterTypes.DocumentFragment {
  return parseFragment(source, { sourceCodeLocationInfo: true })
}

const isElement = (node: Node): node is Element => 'tagName' in node
const childrenOf = (node: Node): Node[] =>
  node.nodeName === 'template'
    ? (node as DefaultTreeAdapterTypes.Template).content.childNodes
    : 'childNodes' in node
      ? node.childNodes
      : []

/**
 * The elements under `root` in document order, those of `<template>` contents included (the 404
 * page's other languages), that pass `test`.
 */
export function elements(root: Node, test: (el: Element) => boolean = () => true): Element[] {
  const out: Element[] = []
  const visit = (node: Node) => {
    for (const child of childrenOf(node)) {
      if (isElement(child) && test(child)) out.push(child)
      visit(child)
    }
  }
  visit(root)
  return out
}

/** The first element under `root` that passes `test`. */
export function element(root: Node, test: (el: Element) => boolean): Element | undefined {
  for (const child of childrenOf(root)) {
    if (isElement(child) && test(child)) return child
    const found = element(child, test)
    if (found) return found
  }
  return undefined
}

/** An element test: its tag name (lower case) and, optionally, attribute values it must have. */
export const is =
  (tag: string, attrs: Record<string, string> = {}) =>
  (el: Element) =>
    el.tagName === tag && Object.entries(attrs).every(([name, value]) => attr(el, name) === value)

/** An attribute's value, entities decoded; undefined when the element lacks it. */
export function attr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value
}

/** Every attribute of an element, names lower-cased (the parser does it), values decoded. */
export function attrs(el: Element): Record<string, string> {
  return Object.fromEntries(el.attrs.map((a) => [a.name, a.value]))
}

/** Whether a space-separated attribute (`rel`) holds a token, ASCII case-insensitively. */
export function hasToken(el: Element, name: string, token: string): boolean {
  return (attr(el, name) ?? '')
    .toLowerCase()
    .split(/[\t\n\f\r ]+/)
    .includes(token)
}

/** The text of a node and its descendants (a title, a script's code), entities decoded. */
export function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value
  return childrenOf(node).map(textOf).join('')
}

/** The prose a reader sees in a node: no scripts, styles, templates or `<noscript>`, and code as one U+FFFC. */
export const shownTextOf = (node: Node): string => shown(node, false)

/** Elements that start a line of their own: a paragraph's direction and bidi runs end with them. */
const blocks = new Set(
  'address article aside blockquote br caption dd details div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p section summary table tbody td tfoot th thead tr ul'.split(
    ' ',
  ),
)

/**
 * Shown text as the bidi algorithm sees it: a new line at every block, and an element that isolates
 * its content (`<bdi>`, a `dir` attribute, code) wrapped in U+2068 … U+2069.
 */
export const bidiTextOf = (node: Node): string => shown(node, true)

function shown(node: Node, bidi: boolean): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value
  if (['script', 'style', 'template', 'noscript'].includes(node.nodeName)) return ' '
  if (node.nodeName === 'code' || node.nodeName === 'pre') return bidi ? '\u2068\uFFFC\u2069' : '\uFFFC'
  const inner = childrenOf(node)
    .map((child) => shown(child, bidi))
    .join('')
  if (!bidi) return inner
  if (node.nodeName === 'bdi' || (node as Element).attrs?.some((a) => a.name === 'dir')) return `\u2068${inner}\u2069`
  return blocks.has(node.nodeName) ? `\n${inner}\n` : inner
}

/** The text a run of HTML shows: `a &amp; b` -> `a & b`. */
export function decodeHtmlText(source: string): string {
  return textOf(parseFragment(source))
}

/** Whether a node is a text node of white space only (what separates tags in a source). */
export function isWhitespace(node: Node | undefined): boolean {
  return node?.nodeName === '#text' && /^[\t\n\f\r ]*$/.test((node as DefaultTreeAdapterTypes.TextNode).value)
}

/** Where a node's source starts and ends, its tags included. */
export function rangeOf(node: Node): { start: number; end: number } {
  const at = node.sourceCodeLocation
  if (!at) throw new Error(`<${node.nodeName}> has no source location: it was not parsed by parseHtml()`)
  return { start: at.startOffset, end: at.endOffset }
}

/** The source of an element's content as written, between its start and end tags; undefined without an end tag. */
export function innerSource(page: { source: string }, el: Element): string | undefined {
  const at = el.sourceCodeLocation
  if (!at?.startTag || !at.endTag) return undefined
  return page.source.slice(at.startTag.endOffset, at.endTag.startOffset)
}

/** The source of a node as written, its tags included. */
export function outerSource(page: { source: string }, node: Node): string {
  const { start, end } = rangeOf(node)
  return page.source.slice(start, end)
}

/** A change to a source: the text between two offsets becomes `text`. */
export interface Splice {
  start: number
  end: number
  text: string
}

/** Applies splices, given in offsets of the original source; two that overlap are a bug of the caller. */
export function applySplices(source: string, splices: Splice[]): string {
  const sorted = [...splices].sort((a, b) => a.start - b.start || a.end - b.end)
  let out = ''
  let at = 0
  for (const s of sorted) {
    if (s.start < at) throw new Error(`overlapping edits of the HTML at offset ${s.start}`)
    out += source.slice(at, s.start) + s.text
    at = s.end
  }
  return out + source.slice(at)
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A start tag, values escaped; an empty value is written as a bare name (`crossorigin`). */
export function startTag(name: string, attributes: Record<string, string>): string {
  const written = Object.entries(attributes).map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${escapeAttribute(v)}"`))
  return `<${name}${written.join('')}>`
}

/** `<script>` with a script's code; refuses code that would end the element early. */
export function inlineScriptTag(code: string): string {
  if (/<\/script|<!--/i.test(code)) throw new Error('an inline script holds "</script" or "<!--"')
  return `<script>${code}</script>`
}

// ---------------------------------------------------------------------------------------------
// The build reads about 1,000 pages it has just written (build/readPage.ts): React's markup, which
// closes every element it opens and quotes every attribute. This reader builds the same tree as
// parse5 for such markup (same node shapes and offsets) in a fraction of the time. Where the HTML
// parser would build differently (an implied end tag, a table, an element the parser moves, inline
// SVG, a character reference it does not know, a carriage return, no doctype), it stops and parse5
// reads the page. `npm run verify` reads the built pages with parse5, and
// tests/dist/builtHtml.test.ts compares the two readers on every one.

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
])
const RAW_TEXT = new Set(['script', 'style'])
const ESCAPABLE_RAW_TEXT = new Set(['title', 'textarea'])
/** What the parser reads differently (as text, moved, or with its own rules): parse5 reads the page. */
const PARSE5_ONLY = new Set([
  'svg',
  'math',
  'noscript',
  'iframe',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'listing',
  'table',
  'caption',
  'colgroup',
  'col',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'td',
  'th',
  'select',
  'option',
  'optgroup',
  'frameset',
  'frame',
  'image',
  'isindex',
])
/** Elements that may stand in <head>. */
const HEAD = new Set(['meta', 'link', 'title', 'script', 'style', 'base', 'template'])
/** Start tags that close an open <p>: inside one, the parser would build another tree. */
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'li',
  'dd',
  'dt',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'search',
  'section',
  'summary',
  'ul',
])
/** Elements that cannot hold themselves: the parser closes the first. */
const NOT_IN_ITSELF = new Set(['a', 'form', 'button', 'li', 'dd', 'dt', 'nobr'])
/** Where a list item's search for an open one stops: its own list. */
const LIST_OF: Record<string, string[]> = { li: ['ul', 'ol', 'menu'], dd: ['dl'], dt: ['dl'] }

/** Whether a start tag `name` finds an open element of its kind that the parser would close. */
function openInItself(open: { el: Element }[], name: string): boolean {
  const lists = LIST_OF[name]
  for (let k = open.length - 1; k >= 0; k--) {
    const tag = open[k]!.el.tagName
    if (tag === name || (lists && (tag === 'li' || tag === 'dd' || tag === 'dt') && name !== 'li' && tag !== 'li'))
      return true
    if (lists?.includes(tag)) return false
  }
  return false
}
const SPACE = /^[\t\n\f\r ]*$/
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
const HTML_NS = 'http://www.w3.org/1999/xhtml'

class Unexpected extends Error {}

/**
 * Character references decoded: numeric ones (but 0, surrogates and the C1 range 0x80-0x9F, which
 * the parser remaps) and the named ones React and marked write (`&amp;`, `&lt;`, `&gt;`, `&quot;`,
 * `&apos;`, `&nbsp;`). Any other reference goes to `other`, which by default leaves it as written. @public
 */
export function decodeReferences(text: string, other: (reference: string) => string = (r) => r): string {
  if (!text.includes('&')) return text
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);?/gi, (whole, ref: string) => {
    if (!whole.endsWith(';')) return other(whole)
    if (ref[0] !== '#') return Object.hasOwn(NAMED, ref) ? NAMED[ref]! : other(whole)
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1))
    const valid = code && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) && !(code >= 0x80 && code <= 0x9f)
    return valid ? String.fromCodePoint(code) : other(whole)
  })
}

/** References as the HTML parser decodes them, or Unexpected for one it would read otherwise. */
const decode = (text: string) =>
  decodeReferences(text, () => {
    throw new Unexpected()
  })

type Parent = { childNodes: Node[] }

function readBuilt(source: string): Document {
  // The parser turns CR and CRLF into LF and replaces NUL: offsets and text would differ.
  if (/[\r\0]/.test(source)) throw new Unexpected()
  const document = { nodeName: '#document', mode: 'no-quirks', childNodes: [] as Node[] } as unknown as Document
  const open: { el: Element; children: Parent }[] = []
  let parent: Parent = document
  let at = 0
  let body: Element | undefined
  const text = (start: number, end: number) => {
    if (end <= start) return
    let into = parent
    // As the HTML parser places it: white space before <html> goes, after </body> it joins <body>.
    const space = SPACE.test(source.slice(start, end))
    if (open.length === 0 || (open.length === 1 && body)) {
      if (!space) throw new Unexpected()
      if (!body) return
      into = body as unknown as Parent
    } else if (open.length === 1 && !open[0]!.el.childNodes.some(isElement)) {
      // … and so does white space between <html> and <head>.
      if (!space) throw new Unexpected()
      return
    } else if (!space && (open.length === 1 || open[open.length - 1]!.el.tagName === 'head')) {
      // Text outside <body> makes the parser start one.
      throw new Unexpected()
    }
    const last = into.childNodes[into.childNodes.length - 1] as DefaultTreeAdapterTypes.TextNode | undefined
    if (last?.nodeName === '#text') {
      // Text that follows text is one node (what follows </body> joins <body>'s last text).
      last.value += decode(source.slice(start, end))
      last.sourceCodeLocation!.endOffset = end
      return
    }
    const node = {
      nodeName: '#text',
      value: decode(source.slice(start, end)),
      parentNode: into,
      sourceCodeLocation: { startOffset: start, endOffset: end },
    }
    into.childNodes.push(node as unknown as Node)
  }
  const n = source.length
  while (at < n) {
    const lt = source.indexOf('<', at)
    if (lt === -1) {
      text(at, n)
      break
    }
    text(at, lt)
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4)
      if (end === -1) throw new Unexpected()
      parent.childNodes.push({
        nodeName: '#comment',
        data: source.slice(lt + 4, end),
        parentNode: parent,
        sourceCodeLocation: { startOffset: lt, endOffset: end + 3 },
      } as unknown as Node)
      at = end + 3
      continue
    }
    if (source.startsWith('<!', lt)) {
      // <!DOCTYPE html>
      const end = source.indexOf('>', lt)
      if (end === -1 || !/^<!doctype html>$/i.test(source.slice(lt, end + 1)) || document.childNodes.length)
        throw new Unexpected()
      parent.childNodes.push({
        nodeName: '#documentType',
        name: 'html',
        publicId: '',
        systemId: '',
        parentNode: parent,
        sourceCodeLocation: { startOffset: lt, endOffset: end + 1 },
      } as unknown as Node)
      at = end + 1
      continue
    }
    if (source[lt + 1] === '/') {
      const end = source.indexOf('>', lt)
      if (end === -1) throw new Unexpected()
      const name = source
        .slice(lt + 2, end)
        .trim()
        .toLowerCase()
      const top = open.pop()
      if (!top || top.el.tagName !== name) throw new Unexpected()
      if (name === 'body') body = top.el
      const location = top.el.sourceCodeLocation!
      location.endTag = { startOffset: lt, endOffset: end + 1 } as typeof location.endTag
      location.endOffset = end + 1
      parent = open.length ? open[open.length - 1]!.children : document
      at = end + 1
      continue
    }
    // A start tag: <name attr="value" attr>
    const tag = /^<([a-zA-Z][^\t\n\f\r />]*)/.exec(source.slice(lt, lt + 64))
    if (!tag) throw new Unexpected()
    const name = tag[1]!.toLowerCase()
    const current = open[open.length - 1]?.el.tagName
    if (
      PARSE5_ONLY.has(name) ||
      // Nothing after </html>; only head elements in <head>; no <p> left open by a block.
      (open.length === 0 && document.childNodes.some((node) => node.nodeName === 'html')) ||
      (current === 'head' && !HEAD.has(name)) ||
      (CLOSES_P.has(name) && open.some((o) => o.el.tagName === 'p')) ||
      (NOT_IN_ITSELF.has(name) && openInItself(open, name))
    )
      throw new Unexpected()
    let i = lt + tag[0].length
    const attrs: { name: string; value: string }[] = []
    for (;;) {
      while (i < n && ' \t\n\f\r'.includes(source[i]!)) i++
      if (source[i] === '>' || source.startsWith('/>', i)) break
      const m = /^([^\t\n\f\r "'>/=]+)(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)"|'([^']*)'|([^\t\n\f\r "'=<>`]+)))?/.exec(
        source.slice(i, i + 4096),
      )
      if (!m) throw new Unexpected()
      const attrName = m[1]!.toLowerCase()
      // The parser keeps the first of two same-named attributes.
      if (attrs.some((a) => a.name === attrName)) throw new Unexpected()
      attrs.push({ name: attrName, value: decode(m[2] ?? m[3] ?? m[4] ?? '') })
      i += m[0].length
    }
    const selfClosing = source[i] === '/'
    const tagEnd = i + (selfClosing ? 2 : 1)
    const el = {
      nodeName: name,
      tagName: name,
      attrs,
      namespaceURI: HTML_NS,
      childNodes: [] as Node[],
      parentNode: parent,
      sourceCodeLocation: {
        startOffset: lt,
        endOffset: tagEnd,
        startTag: { startOffset: lt, endOffset: tagEnd },
      },
    } as unknown as Element
    parent.childNodes.push(el)
    at = tagEnd
    if (VOID.has(name)) continue
    // The parser drops a newline right after <pre> or <textarea>.
    if (selfClosing || ((name === 'pre' || name === 'textarea') && source[tagEnd] === '\n')) throw new Unexpected()
    let children: Parent = el
    if (name === 'template') {
      const content = { nodeName: '#document-fragment', childNodes: [] as Node[] }
      ;(el as unknown as { content: unknown }).content = content
      children = content
    }
    if (RAW_TEXT.has(name) || ESCAPABLE_RAW_TEXT.has(name)) {
      const closing = new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'gi')
      closing.lastIndex = at
      const close = closing.exec(source)?.index ?? -1
      if (close === -1) throw new Unexpected()
      if (close > at) {
        const value = source.slice(at, close)
        ;(el as unknown as Parent).childNodes.push({
          nodeName: '#text',
          value: RAW_TEXT.has(name) ? value : decode(value),
          parentNode: el,
          sourceCodeLocation: { startOffset: at, endOffset: close },
        } as unknown as Node)
      }
      const end = source.indexOf('>', close)
      if (end === -1) throw new Unexpected()
      const location = el.sourceCodeLocation!
      location.endTag = { startOffset: close, endOffset: end + 1 } as typeof location.endTag
      location.endOffset = end + 1
      at = end + 1
      continue
    }
    open.push({ el, children })
    parent = children
  }
  if (open.length || document.childNodes[0]?.nodeName !== '#documentType') throw new Unexpected()
  const html = document.childNodes.find((node) => node.nodeName === 'html') as Element | undefined
  const parts = html?.childNodes.filter(isElement).map((el) => el.tagName)
  if (parts?.join() !== 'head,body') throw new Unexpected()
  return document
}

/**
 * A page the build has just prerendered, read as parse5 would (see above), faster; parse5 reads
 * what this reader does not expect.
 */
export function parseBuiltHtml(source: string): HtmlDocument {
  try {
    return { source, document: readBuilt(source) }
  } catch (err) {
    if (err instanceof Unexpected) return parseHtml(source)
    throw err
  }
}
