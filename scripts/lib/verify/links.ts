// `links`: every internal address of the HTML, the style sheets and the scripts reaches a file.
import { STATUS_PREFIX } from '../../../host/rules'
import { pathOfHtml } from '../../../renderer/shared/paths'
import { site } from '../../../site.config'
import { type Build, decode, type Report, servedFile } from './built'
import { cssRefs, jsRefs, type Ref, tagRefs } from './refs'

/**
 * The file an internal reference reaches, from the address `base` it is read at; reports it when
 * none does. Undefined too for other origins and other schemes (mailto:, tel:, data:).
 */
function reach(
  build: Build,
  ref: Ref,
  base: string,
  report: (message: string) => void,
): { file: string; url: URL } | undefined {
  let url: URL
  try {
    url = new URL(ref.url, site.origin + base)
  } catch {
    report(`${ref.what} is not a valid address`)
    return undefined
  }
  if (url.origin !== site.origin) return undefined
  const path = decode(url.pathname)
  // The status document, its summary and feeds are operations', in the bucket: never the build's (docs/status.md).
  if (path.startsWith(`/${STATUS_PREFIX}`)) return undefined
  const file = servedFile(build, path)
  if (!file) report(`${ref.what} leads nowhere: no file serves ${path}`)
  return file === undefined ? undefined : { file, url }
}

/** Every internal address of the HTML, the style sheets and the scripts reaches a file; a page's #fragment, an id. */
export function checkLinks(build: Build, report: Report) {
  for (const [file, page] of build.html) {
    for (const tag of page.tags) {
      for (const ref of tagRefs(tag)) {
        const reached = reach(build, ref, pathOfHtml(file), (m) => report(file, m))
        const id = decode(reached?.url.hash.slice(1) ?? '')
        const target = reached && build.html.get(reached.file)
        if (tag.name === 'a' && id && target && !target.ids.has(id))
          report(file, `${ref.what}: ${reached.file} has no element with id="${id}"`)
      }
    }
    for (const css of page.styles)
      for (const url of cssRefs(css))
        reach(build, { what: `url(${url})`, url, loads: true }, pathOfHtml(file), (m) => report(file, m))
  }
  for (const file of build.files) {
    if (file.endsWith('.css'))
      for (const url of cssRefs(build.read(file)))
        reach(build, { what: `url(${url})`, url, loads: true }, `/${file}`, (m) => report(file, m))
    if (file.endsWith('.js'))
      for (const ref of jsRefs(build.read(file))) reach(build, ref, `/${file}`, (m) => report(file, m))
  }
}
