// The WebACL of the site's distribution (docs/aws.md, `RasidWaf`): CLOUDFRONT-scope, so in
// us-east-1. Two rate rules per address, the webhook's and the rest of the API's, each blocking with
// the API's own 429 problem document.
import * as wafv2 from 'aws-cdk-lib/aws-wafv2'
import type { Construct } from 'constructs'
import { problemBody } from '../../api/server/http'

/**
 * The webhook's rule: per address, over WAF's 5 minutes, so that one flooding address cannot spend
 * the provider's share of the HTTP API's throttle. Moyasar sends one delivery per payment event,
 * retried a few times; 3,000 in 5 minutes (10 a second, from one address) is far above any delivery
 * rate the site will see. The HTTP API's stage throttle (`WebhooksStage`, ./api.ts) is above it.
 */
export const WEBHOOK_RATE = { limit: 3000, windowSec: 300 } as const
/** WAF's window for both rate rules: 5 minutes. */
const RATE_WINDOW_SEC = WEBHOOK_RATE.windowSec

/**
 * A byte match on the URI path as the origin routes it: percent-decoded,
 * then normalised (`//`, `/./` and `/x/../` removed), so that neither an encoded nor a dot-segment
 * path slips past a match that the API would route to the same place.
 */
const pathMatch = (
  positionalConstraint: 'STARTS_WITH' | 'EXACTLY',
  searchString: string,
): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint,
    searchString,
    textTransformations: [
      { priority: 0, type: 'URL_DECODE' },
      { priority: 1, type: 'NORMALIZE_PATH' },
    ],
  },
})
/** Exactly the one webhook route, never a prefix, which would give every path under it the webhook's far higher limit. */
const webhookPath = pathMatch('EXACTLY', '/api/v1/webhooks/payments')

/** A rate-based rule per address whose block is the API's own 429 problem document. */
function rateRule(rule: {
  name: string
  priority: number
  metricName: string
  limit: number
  scopeDown: wafv2.CfnWebACL.StatementProperty
}): wafv2.CfnWebACL.RuleProperty {
  return {
    name: rule.name,
    priority: rule.priority,
    action: {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: 'rate-limited',
          responseHeaders: [{ name: 'rule', value: rule.name }],
        },
      },
    },
    visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: rule.metricName, sampledRequestsEnabled: true },
    statement: {
      rateBasedStatement: {
        limit: rule.limit,
        evaluationWindowSec: RATE_WINDOW_SEC,
        aggregateKeyType: 'IP',
        scopeDownStatement: rule.scopeDown,
      },
    },
  }
}

export class Firewall {
  readonly webAcl: wafv2.CfnWebACL

  constructor(scope: Construct) {
    this.webAcl = new wafv2.CfnWebACL(scope, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'rasid', sampledRequestsEnabled: true },
      // A blocked request gets the API's own 429 problem document, which the islands already read
      // ("try again in a minute", api/client/http.ts), rather than a bare 403 that the distribution's
      // error responses would turn into the site's 404 page. WAF prefixes the header: x-amzn-waf-rule.
      customResponseBodies: {
        'rate-limited': {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify(problemBody(429, 'rate-limited', { retryAfter: 60 })),
        },
      },
      rules: [
        rateRule({
          // The webhook's own rule: a provider delivers from a few addresses,
          // far below this; one flooding address is blocked here, before it spends the HTTP API's
          // throttle, which counts every caller together and sits well above it.
          name: 'webhook-rate-per-address',
          priority: 0,
          metricName: 'webhook-rate',
          limit: WEBHOOK_RATE.limit,
          scopeDown: webhookPath,
        }),
        rateRule({
          // The API's own counters are per Lambda instance; this one holds across them (docs/aws.md).
          // The webhook has the rule above instead: exactly its path, after decoding and
          // normalisation, so that `/api/v1/webhooks/../cart/quote` is counted here.
          name: 'api-rate-per-address',
          priority: 1,
          metricName: 'api-rate',
          limit: 100,
          scopeDown: {
            andStatement: {
              statements: [pathMatch('STARTS_WITH', '/api/'), { notStatement: { statement: webhookPath } }],
            },
          },
        }),
      ],
    })
  }
}
