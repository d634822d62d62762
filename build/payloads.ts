import { isPageHeadTag, type HeadTag, type PagePayload } from '../renderer/shared/payload'
import { islandAttrs } from '../renderer/shared/dom'
import { isLocale } from '../locales/locales'
import { attr, attrs, element, elements, type HtmlDocument, innerSource, is, parseHtml, textOf } from './html'
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
  const headTags: HeadTag[] = []
  for (const el of elements(head, (el) => el.tagName === 'meta' || el.tagName === 'link'))
    if (isPageHeadTag(el.tagName, (name) => attr(el, name)))
      headTags.push({ tag: el.tagName as HeadTag['tag'], attrs: attrs(el) })
  const root = rootOf(parsed) ?? fail('no <div id="root">')
  const body = innerSource(parsed, root) ?? fail('<div id="root"> has no end tag')
  const layoutEl = element(root, (el) => attr(el, dataAttrs.layout) !== undefined) ?? fail(`no ${dataAttrs.layout}`)
  const islands = elements(root, (el) => attr(el, islandAttrs.name) !== undefined).map(
    (el) => attr(el, islandAttrs.name)!,
  )
  return {
    buildId,
    locale,
    dir,
    layout: attr(layoutEl, dataAttrs.layout)!,
    title: textOf(title),
    head: headTags,
    body,
    islands: [...new Set(islands)],
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
