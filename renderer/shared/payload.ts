// The shape of `<path>/_payload.json` (docs/behaviour.md §4): written by the build
// (build/payloads.ts) from each prerendered page, read by the browser runtime (renderer/client/router.ts)
// and checked by `npm run verify`. Pure: no Node, no DOM.
import type { Dir, Locale } from '../../locales/locales'

/** What a client-side navigation needs of a page, so that the page after it is the page after a full load. */
export interface PagePayload {
  /** The build that wrote it: a payload of another build means a full load of the page. */
  buildId: string
  locale: Locale
  dir: Dir
  layout: string
  title: string
  /**
   * The page's own head tags (description, robots, canonical), less those its language's shell
   * carries and those its other fields say (./shell.ts `pageHead` puts them all together).
   */
  head: HeadTag[]
  /**
   * The page's content region: the HTML between its header and its footer (main and FAQ, islands
   * prerendered). The frame around it (layout element, header, footer) is its locale's shell
   * (./shell.ts), which the page's `#root` is the composition of.
   */
  content: string
  /** The islands the content places (their code is prefetched on hover or focus). */
  islands: string[]
}

export interface HeadTag {
  tag: 'meta' | 'link'
  attrs: Record<string, string>
}

/**
 * Whether a `<meta>` or `<link>` belongs to the page, so that a payload carries it and a navigation
 * replaces it: description, robots, canonical, hreflang links, feeds (`alternate` with a type), og and twitter tags
 * (the social card's among them, docs/cards.md). The others (charset, boot
 * script, build id, theme colour, CSS, fonts) are the same on every page and stay.
 */
export function isPageHeadTag(tag: string, attr: (name: string) => string | null | undefined): boolean {
  if (tag === 'meta')
    return (
      attr('name') === 'description' ||
      attr('name') === 'robots' ||
      !!attr('name')?.startsWith('twitter:') ||
      !!attr('property')?.startsWith('og:')
    )
  if (tag === 'link')
    return attr('rel') === 'canonical' || (attr('rel') === 'alternate' && !!(attr('hreflang') || attr('type')))
  return false
}

/** Throws unless `value` has the shape of a PagePayload (a stale cache or a host's error page may answer instead). */
export function assertPayload(value: unknown): asserts value is PagePayload {
  const p = value as Partial<PagePayload> | null
  if (
    !p ||
    typeof p !== 'object' ||
    typeof p.buildId !== 'string' ||
    typeof p.locale !== 'string' ||
    (p.dir !== 'ltr' && p.dir !== 'rtl') ||
    typeof p.title !== 'string' ||
    typeof p.content !== 'string' ||
    !Array.isArray(p.head) ||
    !Array.isArray(p.islands)
  ) {
    throw new Error('not a page payload')
  }
}
