// `config`: runtime-config.json is a runtime configuration by the contract, and the pages' CSP
// admits its API.
import { safeParse } from 'valibot'
import { apiOriginOf, issuesText, RuntimeConfig, runtimeConfigPath } from '../../../api/contract/runtimeConfig'
import { type Build, readJson, type Report } from './built'
import { allowedBy, pageHeaders } from './headers'

/** runtime-config.json: valid by the contract, its payment hosts names, and its API reachable under the CSP of _headers. */
export function checkConfig(build: Build, report: Report) {
  const file = runtimeConfigPath.slice(1)
  const json = readJson(build, file)
  if ('error' in json) return report(file, json.error)
  const parsed = safeParse(RuntimeConfig, json.value)
  if (!parsed.success) return report(file, `is not a runtime configuration: ${issuesText(parsed.issues)}`)
  // The hosts a checkout may send a buyer to (pages/checkout/payment.ts): real payment pages only.
  const seen = new Set<string>()
  for (const host of parsed.output.paymentHosts) {
    if (seen.has(host)) report(file, `names the payment host ${host} twice`)
    seen.add(host)
    if (/^\d+(\.\d+){3}$/.test(host) || host === 'localhost')
      report(
        file,
        `names the payment host ${host}, an IP address: a hosted payment page is reached by its https name (loopback serves only development, and the site's own origin is always allowed)`,
      )
  }
  const origin = apiOriginOf(parsed.output.apiBase)
  const csp = pageHeaders(build)?.['Content-Security-Policy']
  if (!origin || csp === undefined) return
  if (!allowedBy(csp, 'connect-src').includes(origin))
    report(
      file,
      `names the API ${parsed.output.apiBase}, whose origin the Content-Security-Policy's connect-src (_headers) does not admit: build with PUBLIC_API_BASE=${parsed.output.apiBase}, or keep the API on the same origin`,
    )
}
