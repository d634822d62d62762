// A page is its content region inside a frame that every page of its language shares: the layout
// element, the skip link and header above, the footer (or nothing) below. The build writes the
// frame once per locale, `/_shell/<locale>.json`, and each `_payload.json` carries only its content
// (build/payloads.ts); a navigation puts the two together (renderer/client/router.ts). What differs
// from page to page in the frame is computed from the page's path: which link is the current page
// (`aria-current="page"`) and where the language switcher's links point. The build checks, page by
// page, that the composition is the page's own `#root`, character for character. Pure: no DOM.
import { extractLocale } from '../../locales/extractLocale'
import { localizePath } from '../../locales/localizePath'
import { type Locale, locales } from '../../locales/locales'
import { pageLinks } from './pageLinks'
import type { HeadTag, PagePayload } from './payload'

/** The frame of every page of a locale. */
export interface PageShell {
  buildId: string
  locale: Locale
  /** After the layout element's start tag: the skip link and the header. */
  top: string
  /** Per layout: the layout element's start tag, and what follows the content (the footer, or nothing). */
  layouts: Record<string, { open: string; bottom: string }>
  /** The head tags every page of the language has (see `isShellHeadTag`). */
  head: HeadTag[]
  /**
   * The inside of the elements that are the same on every page of the language that has them
   * (`sharedTags`: the guide search's form), by tag name: a payload carries such an element empty.
   */
  parts?: Record<string, string>
}

/** Elements a page's content may hold that are the same on every page of its language: carried once, by the shell. */
const sharedTags = ['search'] as const

/** `content` with each shared element emptied (what its payload carries). */
export const withoutParts = (content: string) =>
  sharedTags.reduce(
    (html, tag) => html.replace(new RegExp(`<${tag}>[\\s\\S]*?</${tag}>`), `<${tag}></${tag}>`),
    content,
  )

/** The inside of each shared element of `content`, by tag name. */
export function partsOf(content: string): Record<string, string> {
  const parts: Record<string, string> = {}
  for (const tag of sharedTags) {
    const inner = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(content)?.[1]
    if (inner) parts[tag] = inner
  }
  return parts
}

const property = (tag: HeadTag) => (tag.tag === 'meta' ? tag.attrs.property : undefined)

/**
 * A head tag the same on every page of a language, which the shell carries: og:type, og:site_name,
 * og:locale(:alternate), and the social card's size, type and twitter:card (its image and alt are the page's).
 */
export const isShellHeadTag = (tag: HeadTag) =>
  [
    'og:type',
    'og:site_name',
    'og:locale',
    'og:locale:alternate',
    'og:image:width',
    'og:image:height',
    'og:image:type',
  ].includes(property(tag) ?? '') ||
  (tag.tag === 'meta' && tag.attrs.name === 'twitter:card')

/**
 * A head tag that a page's other fields say, which its payload leaves out: og:title (its title),
 * og:description (its description), og:url and the hreflang links (its canonical address).
 */
export const isDerivedHeadTag = (tag: HeadTag) =>
  ['og:title', 'og:description', 'og:url'].includes(property(tag) ?? '') ||
  (tag.tag === 'link' && tag.attrs.rel === 'alternate' && !!tag.attrs.hreflang)

/**
 * The head tags of a page that a navigation replaces (./payload.ts `isPageHeadTag`), as its HTML
 * has them: the shell's, the payload's own, and those its title, description and canonical address
 * say, written as renderer/+Head.tsx and ./pageLinks.ts write them. The build checks it for
 * every page.
 */
export function pageHead(shell: PageShell, payload: PagePayload): HeadTag[] {
  const own = (test: (tag: HeadTag) => boolean) => payload.head.find(test)?.attrs
  const description = own((t) => t.tag === 'meta' && t.attrs.name === 'description')?.content
  const canonical = own((t) => t.tag === 'link' && t.attrs.rel === 'canonical')?.href
  const meta = (name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { property: name, content } })
  const tags = [...shell.head, ...payload.head, meta('og:title', payload.title)]
  if (description !== undefined) tags.push(meta('og:description', description))
  if (canonical !== undefined) {
    tags.push(meta('og:url', canonical))
    const url = new URL(canonical)
    const { locale, pathname } = extractLocale(url.pathname)
    for (const { hreflang, href } of pageLinks(pathname, locale, url.origin).alternates)
      tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang, href } })
  }
  return tags
}

/** Head tags as a comparable text, whatever their order. */
export const headKey = (tags: HeadTag[]) =>
  tags
    .map((t) => JSON.stringify([t.tag, Object.entries(t.attrs).sort(([a], [b]) => (a < b ? -1 : 1))]))
    .sort()
    .join('\n')

/** `/_shell/ar.json`: the frame of a locale's pages. */
export const shellPath = (locale: Locale) => `/_shell/${locale}.json`

const CURRENT = ' aria-current="page"'
/** A language-switcher link as React writes it: `href`, then `hrefLang`, then, later, the data attribute. */
const SWITCH = /<a href="[^"]*"( hrefLang="([^"]+)"[^>]*data-locale-switch)/g

/** A part of a page's frame with what depends on the page taken out (the shell keeps this form). */
export function framePart(html: string): string {
  return html.replaceAll(CURRENT, '').replace(SWITCH, '<a href=""$1')
}

/** A frame part as the page at `pathname` has it: its own link current, the switcher pointing at its other languages. */
function pagePart(part: string, pathname: string): string {
  const logical = extractLocale(pathname).pathname
  return part
    .replaceAll(`<a href="${pathname}"`, `<a href="${pathname}"${CURRENT}`)
    .replace(SWITCH, (_, rest: string, language: string) => {
      const target = locales.find((l) => l.language === language)?.code
      return `<a href="${target ? localizePath(logical, target) : ''}"${rest}`
    })
}

/** The inside of `#root` for the page at `pathname`: its frame from `shell`, its content from `payload`. */
export function composeRoot(shell: PageShell, payload: PagePayload, pathname: string): string {
  const layout = shell.layouts[payload.layout]
  if (!layout) throw new Error(`the shell of ${shell.locale} has no layout "${payload.layout}"`)
  let content = payload.content
  for (const [tag, inner] of Object.entries(shell.parts ?? {}))
    content = content.replace(`<${tag}></${tag}>`, () => `<${tag}>${inner}</${tag}>`)
  return `${layout.open}${pagePart(shell.top, pathname)}${content}${pagePart(layout.bottom, pathname)}</div>`
}

/** Throws unless `value` has the shape of a PageShell. */
export function assertShell(value: unknown): asserts value is PageShell {
  const s = value as Partial<PageShell> | null
  if (
    !s ||
    typeof s !== 'object' ||
    typeof s.buildId !== 'string' ||
    typeof s.locale !== 'string' ||
    typeof s.top !== 'string' ||
    !s.layouts ||
    typeof s.layouts !== 'object' ||
    !Array.isArray(s.head)
  )
    throw new Error('not a page shell')
}
