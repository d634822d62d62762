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
export function fromApiGateway(given: object): boolean {
  const event = given as Event
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
export function refusedOffEdge(event: object, expected: string | undefined | readonly string[]) {
  if (!fromApiGateway(event)) return undefined
  const headers = (event as Event).headers ?? {}
  const name = Object.keys(headers).find((header) => header.toLowerCase() === EDGE_ORIGIN_HEADER)
  const given = name === undefined ? undefined : headers[name]
  const values = [expected ?? []].flat().filter(Boolean)
  // Every value compared, so that the time says nothing of which one (or whether any) matched.
  const matched =
    given !== undefined && values.map((value) => timingSafeEqual(digest(given), digest(value))).includes(true)
  if (matched) return undefined
  return {
    statusCode: 404,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' },
    body: JSON.stringify(problemBody(404, 'not-found')),
    isBase64Encoded: false,
  }
}

/**
 * The values the header may have, read again after `ttlMs`: the secret's current version and,
 * while a rotation is under way (CloudFront's edges take a deploy to change over), the one it
 * replaced. `read` answers undefined for a version there is not (a secret never rotated has no
 * `AWSPREVIOUS`) or cannot be read; a failed read keeps the values held.
 */
export function edgeOriginValues(
  read: (stage?: 'AWSPREVIOUS') => Promise<string | undefined>,
  initial: string | undefined,
  { ttlMs = 60_000, now = Date.now }: { ttlMs?: number; now?: () => number } = {},
) {
  let values = initial ? [initial] : []
  let readAt = Number.NEGATIVE_INFINITY
  let reading: Promise<void> | undefined
  return async (): Promise<readonly string[]> => {
    if (now() - readAt >= ttlMs) {
      reading ??= Promise.all([read(), read('AWSPREVIOUS')])
        .then(([current, previous]) => {
          if (current) values = previous && previous !== current ? [current, previous] : [current]
        })
        .finally(() => {
          readAt = now()
          reading = undefined
        })
      await reading.catch(() => {})
    }
    return values
  }
}
