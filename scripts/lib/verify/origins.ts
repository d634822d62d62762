// `origins`: nothing a page shows comes from an origin other than the site's.
import { rootHtml } from '../../../build/payloads'
import { site } from '../../../site.config'
import { type Build, type Html, isRecord, parseHtml, payloadFileOf, readJson, type Report } from './built'
import { cssRefs, tagRefs } from './refs'

/** The origin of an absolute or protocol-relative URL other than the site's. */
function foreignOrigin(url: string): string | undefined {
  if (!/^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(url.trim())) return undefined
  let origin: string
  try {
    origin = new URL(url.trim(), site.origin).origin
  } catch {
    return url
  }
  return origin === site.origin ? undefined : origin
}

function foreignInHtml(page: Html, report: (message: string) => void) {
  for (const tag of page.tags) {
    for (const ref of tagRefs(tag)) {
      const origin = ref.loads && foreignOrigin(ref.url)
      if (origin) report(`${ref.what} loads from ${origin}, not ${site.origin}`)
    }
  }
  for (const css of page.styles) foreignInCss(css, report)
}

function foreignInCss(css: string, report: (message: string) => void) {
  for (const url of cssRefs(css)) {
    const origin = foreignOrigin(url)
    if (origin) report(`url(${url}) loads from ${origin}, not ${site.origin}`)
  }
}

/** Nothing a page shows comes from another origin: its HTML, its payload's content, the style sheets. */
export function checkOrigins(build: Build, report: Report) {
  for (const [file, page] of build.html) foreignInHtml(page, (m) => report(file, m))
  for (const page of build.pages) {
    const file = payloadFileOf(page)
    const payload = readJson(build, file)
    const content = 'value' in payload && isRecord(payload.value) ? payload.value.content : undefined
    // Content that is inside its page's own root holds nothing the page's HTML has not shown.
    if (typeof content === 'string' && !rootHtml(build.html.get(page)!.parsed!)?.includes(content))
      foreignInHtml(parseHtml(content, { fragment: true }), (m) => report(file, m))
  }
  for (const file of build.files) if (file.endsWith('.css')) foreignInCss(build.read(file), (m) => report(file, m))
}
