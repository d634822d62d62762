import { isPageHeadTag, type HeadTag, type PagePayload } from '../renderer/shared/payload'
import {
  composeRoot,
  framePart,
  headKey,
  isDerivedHeadTag,
  isShellHeadTag,
  type PageShell,
  pageHead,
  partsOf,
  shellPath,
  withoutParts,
} from '../renderer/shared/shell'
import { pathOfHtml } from '../renderer/shared/paths'
import { islandAttrs } from '../renderer/shared/dom'
import { isLocale } from '../locales/locales'
import {
  attr,
  attrs,
  type Element,
  element,
  elements,
  type HtmlDocument,
  innerSource,
  is,
  parseHtml,
  textOf,
} from './html'
import { dataAttrs } from '../renderer/shared/dom'

/**
 * The `_payload.json` of a prerendered page, read off its HTML: what a client-side navigation
 * needs to make the page the same as a full load of it (renderer/client/router.ts).
 */
export function payloadOf(page: string | HtmlDocument, file: string, buildId: string): PagePayload {
  const fail = (what: string): never => {
    throw new Error(`${file}: cannot make its _payload.json: ${what}`)
  }
  const parsed = typeof page === 'string' ? parseHtml(page) : page
  const { document } = parsed
  const html = element(document, is('html')) ?? fail('no <html> tag')
  const lang = attr(html, 'lang')
  const locale = isLocale(lang) ? lang : fail(`<html lang="${lang}"> is not a locale`)
  const dir = attr(html, 'dir')
  if (dir !== 'ltr' && dir !== 'rtl') return fail('<html dir> is missing')
  const head = element(html, is('head')) ?? fail('no <head>')
  const title = element(head, is('title')) ?? fail('no <title>')
  const headTags = headTagsOf(head).filter((tag) => !isShellHeadTag(tag) && !isDerivedHeadTag(tag))
  const root = rootOf(parsed) ?? fail('no <div id="root">')
  const frame = frameOf(parsed, root, fail)
  const islands = elements(root, (el) => attr(el, islandAttrs.name) !== undefined).map(
    (el) => attr(el, islandAttrs.name)!,
  )
  return {
    buildId,
    locale,
    dir,
    layout: frame.layout,
    title: textOf(title),
    head: headTags,
    content: withoutParts(frame.content),
    islands: [...new Set(islands)],
  }
}

/** The head tags of a page that a navigation replaces (renderer/shared/payload.ts `isPageHeadTag`). */
function headTagsOf(head: Element): HeadTag[] {
  const tags: HeadTag[] = []
  for (const el of elements(head, (el) => el.tagName === 'meta' || el.tagName === 'link'))
    if (isPageHeadTag(el.tagName, (name) => attr(el, name)))
      tags.push({ tag: el.tagName as HeadTag['tag'], attrs: attrs(el) })
  return tags
}

/**
 * A page's `#root` cut at its frame: the layout element's start tag, the skip link and header, the
 * content region, the footer (or nothing) and the layout element's end tag, which must be all of it.
 */
function frameOf(page: HtmlDocument, root: Element, fail: (what: string) => never) {
  const inner = innerSource(page, root) ?? fail('<div id="root"> has no end tag')
  const layoutEl = element(root, (el) => attr(el, dataAttrs.layout) !== undefined) ?? fail(`no ${dataAttrs.layout}`)
  const at = layoutEl.sourceCodeLocation
  const rootAt = root.sourceCodeLocation!.startTag!.endOffset
  if (!at?.startTag || !at.endTag) return fail('the layout element has no end tag')
  // The layout element's own header and footer, not one inside the content.
  const child = (tag: string) => layoutEl.childNodes.find((n) => n.nodeName === tag)?.sourceCodeLocation
  const header = child('header') ?? fail('no <header> in the layout')
  const footer = child('footer')
  const slice = (from: number, to: number) => page.source.slice(from, to)
  const parts = {
    layout: attr(layoutEl, dataAttrs.layout)!,
    open: slice(at.startTag.startOffset, at.startTag.endOffset),
    top: slice(at.startTag.endOffset, header.endOffset),
    content: slice(header.endOffset, footer ? footer.startOffset : at.endTag.startOffset),
    bottom: footer ? slice(footer.startOffset, at.endTag.startOffset) : '',
  }
  if (`${parts.open}${parts.top}${parts.content}${parts.bottom}</div>` !== inner || at.startTag.startOffset !== rootAt)
    fail('<div id="root"> holds more than its layout element')
  return parts
}

/**
 * The shell of each locale (renderer/shared/shell.ts), made from its pages, and the check that makes
 * a navigation exact: every page's `#root` is the composition of its shell and its payload. Throws
 * with the page when one is not (its header or footer differs from its language's others in more
 * than its current link and its language links).
 */
export function shellsOf(pages: Iterable<FramedPage>): PageShell[] {
  const shells = shellMaker()
  for (const page of pages) shells.add(page)
  return shells.done()
}

/** A page with its payload, as the shells are made from it. */
export interface FramedPage {
  file: string
  page: HtmlDocument
  payload: PagePayload
}

/** shellsOf one page at a time, so that the build keeps no page in memory for it. */
export function shellMaker() {
  const shells = new Map<string, PageShell>()
  return {
    add({ file, page, payload }: FramedPage) {
      const fail = (what: string): never => {
        throw new Error(`${file}: ${what}`)
      }
      const frame = frameOf(page, rootOf(page)!, fail)
      let shell = shells.get(payload.locale)
      const headTags = headTagsOf(element(page.document, is('head'))!)
      if (!shell) {
        shell = {
          buildId: payload.buildId,
          locale: payload.locale,
          top: framePart(frame.top),
          layouts: {},
          head: headTags.filter(isShellHeadTag),
        }
        shells.set(payload.locale, shell)
      }
      shell.layouts[frame.layout] ??= { open: frame.open, bottom: framePart(frame.bottom) }
      const parts = partsOf(frame.content)
      if (Object.keys(parts).length) shell.parts = { ...parts, ...shell.parts }
      if (composeRoot(shell, payload, pathOfHtml(file)) !== rootHtml(page))
        fail(
          `its header or footer is not its language's (${shellPath(payload.locale)}), or its <search> not theirs: a navigation to it could not rebuild it; keep the frame the same on every page but the current link, and a <search> the same on every page that has one`,
        )
      if (headKey(pageHead(shell, payload)) !== headKey(headTags))
        fail(
          `its head tags are not what a navigation would rebuild from its payload and ${shellPath(payload.locale)} (renderer/shared/shell.ts pageHead): keep og:type, og:site_name and og:locale the same on every page, og:title, og:description and og:url equal to the title, description and canonical address, and the hreflang links those of renderer/shared/pageLinks.ts`,
        )
    },
    done: () => [...shells.values()].map(inLayoutOrder),
  }
}

const rootOf = (page: HtmlDocument) => element(page.document, is('div', { id: 'root' }))

/**
 * The HTML inside `<div id="root">` as the page's source has it: what a navigation swaps in, and
 * what a full load of the page shows there.
 */
export function rootHtml(page: HtmlDocument): string | undefined {
  const root = rootOf(page)
  return root && innerSource(page, root)
}

/** A shell with its layouts in the order of their names, whatever order the pages came in: the same build, the same file. */
const inLayoutOrder = (shell: PageShell): PageShell => ({
  ...shell,
  layouts: Object.fromEntries(Object.entries(shell.layouts).sort(([a], [b]) => (a < b ? -1 : 1))),
})

/** The shells of two shellMakers (the build's two threads): one per language; they must agree where both have a layout. */
export function mergeShells(a: PageShell[], b: PageShell[]): PageShell[] {
  const byLocale = new Map(a.map((shell) => [shell.locale, shell]))
  for (const shell of b) {
    const other = byLocale.get(shell.locale)
    if (!other) {
      byLocale.set(shell.locale, shell)
      continue
    }
    const disagree = (what: string) =>
      new Error(`the ${shell.locale} pages do not share one ${what}: keep the frame the same on every page`)
    if (other.top !== shell.top) throw disagree('header')
    if (headKey(other.head) !== headKey(shell.head)) throw disagree('set of og:type, og:site_name and og:locale tags')
    for (const [name, layout] of Object.entries(shell.layouts)) {
      const known = other.layouts[name]
      if (known && (known.open !== layout.open || known.bottom !== layout.bottom)) throw disagree(`"${name}" layout`)
      other.layouts[name] = layout
    }
    for (const [tag, inner] of Object.entries(shell.parts ?? {})) {
      const known = other.parts?.[tag]
      if (known !== undefined && known !== inner) throw disagree(`<${tag}>`)
      other.parts = { ...other.parts, [tag]: inner }
    }
  }
  return [...byLocale.values()].map(inLayoutOrder).sort((x, y) => (x.locale < y.locale ? -1 : 1))
}
