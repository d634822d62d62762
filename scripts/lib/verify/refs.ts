// The addresses a page, a style sheet or a script names, for the checks `links` and `origins`.
import { scriptImports } from '../../../build/scriptImports'
import { isLink, relOf, type Tag } from './built'

export interface Ref {
  /** The reference as an operator finds it in the file: `<script src="/x.js">`. */
  what: string
  url: string
  /** Whether the browser fetches it with the page (a script, style, font or image), not a link to follow. */
  loads: boolean
}

// Link types that fetch something; canonical and alternate name addresses (checked by `pages`).
const loadingRels = [
  'stylesheet',
  'preload',
  'modulepreload',
  'prefetch',
  'icon',
  'apple-touch-icon',
  'manifest',
  'preconnect',
  'dns-prefetch',
]

/** The addresses of one tag. */
export function tagRefs(tag: Tag): Ref[] {
  const ref = (attr: string, url: string, loads: boolean): Ref => ({
    what:
      tag.name === 'link' ? `<link rel="${tag.attrs.rel ?? ''}" ${attr}="${url}">` : `<${tag.name} ${attr}="${url}">`,
    url,
    loads,
  })
  const { href, src, srcset } = tag.attrs
  switch (tag.name) {
    case 'a':
      return href === undefined ? [] : [ref('href', href, false)]
    case 'link':
      if (href === undefined || isLink(tag, 'canonical') || isLink(tag, 'alternate')) return []
      return [
        ref(
          'href',
          href,
          relOf(tag).some((r) => loadingRels.includes(r)),
        ),
      ]
    case 'script':
    case 'img':
    case 'source':
      return [
        ...(src === undefined ? [] : [ref('src', src, true)]),
        ...srcsetUrls(srcset ?? '').map((u) => ref('srcset', u, true)),
      ]
    default:
      return []
  }
}

/** The URLs of a srcset, `a.png 1x, b.png 2x` -> a.png, b.png: a URL runs to white space, less its final commas. */
function srcsetUrls(srcset: string): string[] {
  return [...srcset.matchAll(/[\s,]*(\S*[^\s,])(?:,+(?=\s|$)|[^,]*)/g)].map((m) => m[1]!)
}

/** The addresses in CSS: url(...) and @import "...". */
export function cssRefs(css: string): string[] {
  return [...css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)|@import\s*(?:"([^"]*)"|'([^']*)')/gi)]
    .map((m) => m.slice(1).find((g) => g !== undefined)!)
    .filter(Boolean)
}

/** The chunks a script imports (build/scriptImports.ts). */
export function jsRefs(code: string): Ref[] {
  const { relative, fromRoot } = scriptImports(code)
  return [
    ...relative.map((url) => ({ what: `import "${url}"`, url, loads: true })),
    ...fromRoot.map((key) => ({ what: `preload "${key}"`, url: `/${key}`, loads: true })),
  ]
}
