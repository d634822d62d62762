// `payloads`: each page's _payload.json, and each language's shell, are what the build makes of
// the pages, so that a client-side navigation builds the page the visitor would have loaded.
import { isDeepStrictEqual } from 'node:util'
import { type FramedPage, payloadOf, shellsOf } from '../../../build/payloads'
import type { PagePayload } from '../../../renderer/shared/payload'
import { pathOfHtml } from '../../../renderer/shared/paths'
import { type PageShell, shellPath } from '../../../renderer/shared/shell'
import { type Build, isRecord, latestBuildId, payloadFileOf, readJson, type Report, show } from './built'

const payloadFields = ['buildId', 'locale', 'dir', 'layout', 'title', 'head', 'content', 'islands'] as const

/**
 * Each page's _payload.json is what build/payloads.ts makes of the page, and each language's shell
 * (`_shell/<locale>.json`) is the frame its pages share: with it, every payload gives its page's
 * `#root` back, as a navigation composes it.
 */
export function checkPayloads(build: Build, report: Report) {
  const buildId = latestBuildId(build)
  const framed: FramedPage[] = []
  for (const page of build.pages) {
    const file = payloadFileOf(page)
    const json = readJson(build, file)
    if ('error' in json) {
      report(file, `${json.error}: a client-side navigation to ${pathOfHtml(page)} cannot use it`)
      continue
    }
    if (!isRecord(json.value)) {
      report(file, `is not a page payload: ${show(json.value)}`)
      continue
    }
    const actual = json.value as Partial<Record<keyof PagePayload, unknown>>
    let expected: PagePayload
    try {
      // Without a latest build (reported by `manifest`), the payload's own id is taken at its word.
      expected = payloadOf(build.html.get(page)!.parsed!, page, buildId ?? String(actual.buildId))
    } catch (e) {
      report(file, `cannot be compared with its page: ${(e as Error).message}`)
      continue
    }
    const differ = payloadFields.filter((k) => !isDeepStrictEqual(actual[k], expected[k]))
    const describe = (k: (typeof payloadFields)[number]) =>
      k === 'head' || k === 'content' ? `${k} differs` : `${k} is ${show(actual[k])}, expected ${show(expected[k])}`
    if (differ.length) report(file, `does not match ${page}: ${differ.map(describe).join('; ')}`)
    else framed.push({ file: page, page: build.html.get(page)!.parsed!, payload: expected })
  }
  let shells: PageShell[]
  try {
    shells = shellsOf(framed)
  } catch (e) {
    return report((e as Error).message.split(':')[0]!, `cannot be rebuilt by a navigation: ${(e as Error).message}`)
  }
  for (const shell of shells) {
    const file = shellPath(shell.locale).slice(1)
    const json = readJson(build, file)
    if ('error' in json) report(file, `${json.error}: a client-side navigation to a ${shell.locale} page cannot use it`)
    else if (!isDeepStrictEqual(json.value, shell))
      report(file, `does not match the ${shell.locale} pages' header and footer: a navigation would build them wrong`)
  }
}
