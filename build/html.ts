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
export function shownTextOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value
  if (['script', 'style', 'template', 'noscript'].includes(node.nodeName)) return ' '
  if (node.nodeName === 'code' || node.nodeName === 'pre') return '\uFFFC'
  return childrenOf(node).map(shownTextOf).join('')
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
