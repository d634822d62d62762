// runtime-config.json (docs/api.md, "Runtime configuration"): what operations change without a
// rebuild, beside the site's pages. The build writes it from its defaults; the browser reads it once
// and validates it with this schema; `npm run verify` checks it and that the Content-Security-Policy
// admits its API. Pure: valibot only.
import {
  array,
  type BaseIssue,
  boolean,
  type InferOutput,
  maxLength,
  pipe,
  record,
  regex,
  strictObject,
  string,
} from 'valibot'

/** Where the file is served. */
export const runtimeConfigPath = '/runtime-config.json'

/**
 * - `apiBase`: the API's address, a same-origin path (`/api/v1`, behind CloudFront's `/api/*`) or an
 *   `https:` URL of another origin (which the CSP's `connect-src` must then admit);
 * - `paymentHosts`: the hosts a checkout may send a buyer to (hosted payment pages);
 * - `features`: switches, off unless set.
 */
export const RuntimeConfig = /* @__PURE__ */ (() =>
  strictObject({
    apiBase: pipe(string(), maxLength(200), regex(/^(\/(?!\/)|https:\/\/[a-z0-9.-]+(:\d+)?\/)[\w\-./]*$/i)),
    paymentHosts: array(pipe(string(), maxLength(253), regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9-]+)+$/))),
    features: record(pipe(string(), regex(/^[a-zA-Z][\w-]*$/)), boolean()),
  }))()

export type RuntimeConfig = InferOutput<typeof RuntimeConfig>

/** The origin `apiBase` names when it is not the site's own (`https://api.x.example`), else undefined. */
export function apiOriginOf(apiBase: string): string | undefined {
  return apiBase.startsWith('https://') ? new URL(apiBase).origin : undefined
}

/** `apiBase: Invalid format…; features.x: …`: what is wrong with a configuration, for a message. */
export function issuesText(issues: readonly BaseIssue<unknown>[]): string {
  return issues.map((i) => `${i.path?.map((p) => p.key).join('.') || '(root)'}: ${i.message}`).join('; ')
}
