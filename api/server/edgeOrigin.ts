// The webhook's HTTP API answers only through CloudFront (docs/aws.md, "The
// payment webhook"). CloudFront reaches the HTTP API on its own `execute-api` host, which anyone can
// call too (an HTTP API has no WAF and no resource policy), so the distribution adds a secret header
// to every request it sends that origin (infra/constructs/site.ts), and the Lambda handler answers an API
// Gateway event without it as the contract's 404 before the app sees it. The function URL's events
// are not checked: its IAM auth already lets only CloudFront (OAC) in.
import { createHash, timingSafeEqual } from 'node:crypto'
import { problemBody } from './http'

/** The origin custom header CloudFront adds on the webhook's origin (lower case, as events carry it). */
export const EDGE_ORIGIN_HEADER = 'x-rasid-origin-verify'
/** The function's setting holding the header's expected value (a Secrets Manager dynamic reference). */
export const EDGE_ORIGIN_SETTING = 'WEBHOOK_ORIGIN_SECRET'

type Event = {
  routeKey?: string
  headers?: Record<string, string | undefined>
  requestContext?: { domainName?: string; http?: unknown }
}

/**
 * An HTTP API's event (payload 2.0): a route of its own (the stack's HTTP API has no `$default`
 * route) or its `execute-api` host. A function URL's event always has route `$default` and the
 * `lambda-url` host.
 */
function fromApiGateway(event: Event): boolean {
  const context = event.requestContext
  if (!context?.http) return false
  return (
    (event.routeKey !== undefined && event.routeKey !== '$default') || /\.execute-api\./.test(context.domainName ?? '')
  )
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * What the handler answers instead of the app, or undefined to let the app answer: an API Gateway
 * event whose header is missing or wrong gets 404 `not-found` (the webhook's documented answers;
 * nothing is there for a caller who went round CloudFront), and so does every API Gateway event
 * when the setting is missing (fail closed). Compared in constant time.
 */
export function refusedOffEdge(event: object, expected: string | undefined) {
  if (!fromApiGateway(event as Event)) return undefined
  const headers = (event as Event).headers ?? {}
  const name = Object.keys(headers).find((header) => header.toLowerCase() === EDGE_ORIGIN_HEADER)
  const given = name === undefined ? undefined : headers[name]
  if (expected && given !== undefined && timingSafeEqual(digest(given), digest(expected))) return undefined
  return {
    statusCode: 404,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' },
    body: JSON.stringify(problemBody(404, 'not-found')),
    isBase64Encoded: false,
  }
}
