import { isPageHeadTag, type HeadTag, type PagePayload } from '../renderer/payload'
import { isLocale } from '../locales/locales'

/**
 * The `_payload.json` of a prerendered page, read off its HTML: what a client-side navigation
 * needs to make the page the same as a full load of it (renderer/client/navigation.ts).
 */
export function payloadOf(html: string, file: string, buildId: string): PagePayload {
  const fail = (what: string): never => {
    throw new Error(`${file}: cannot make its _payload.json: ${what}`)
  }
  const htmlTag = /<html([^>]*)>/.exec(html)?.[1] ?? fail('no <html> tag')
  const attrs = attributes(htmlTag)
  const locale = attrs.lang
  if (!isLocale(locale)) fail(`<html lang="${locale}"> is not a locale`)
  const dir = attrs.dir === 'rtl' ? 'rtl' : attrs.dir === 'ltr' ? 'ltr' : fail('<html dir> is missing')
  const title = decodeEntities(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? fail('no <title>'))
  const head: HeadTag[] = []
  const headHtml = html.slice(0, html.indexOf('</head>'))
  for (const m of headHtml.matchAll(/<(meta|link)\s([^>]*?)\/?>/g)) {
    const a = attributes(m[2]!)
    if (isPageHeadTag(m[1]!, (name) => a[name])) head.push({ tag: m[1] as 'meta' | 'link', attrs: a })
  }
  const body = rootHtml(html) ?? fail('no <div id="root">')
  const layout = /data-layout="([^"]+)"/.exec(body)?.[1] ?? fail('no data-layout')
  const islands = [...new Set([...body.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]!))]
  return { buildId, locale: locale as PagePayload['locale'], dir, layout, title, head, body, islands }
}

/** The inner HTML of `<div id="root">`, which ends before the page's script. */
export function rootHtml(html: string): string | undefined {
  const start = html.indexOf('<div id="root">')
  if (start === -1) return undefined
  const from = start + '<div id="root">'.length
  const end = html.lastIndexOf('</div>', html.indexOf('</body>'))
  return end > from ? html.slice(from, end) : undefined
}

/** The attributes of a start tag's source (React writes them double-quoted), names lower-cased, values decoded. */
export function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of source.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) out[m[1]!.toLowerCase()] = decodeEntities(m[2] ?? '')
  return out
}

export function decodeEntities(s: string) {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&')
}
