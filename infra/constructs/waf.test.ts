// The WAF (./waf.ts): rate rules per address in us-east-1, answered with the API's own 429, whose
// matches read the path as the API routes it.
import { Match } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { prod, only } from '../testing'

describe('the WAF', () => {
  type Statement = Record<string, unknown>
  /** Every byte-match statement of the WebACL, however deep. */
  const byteMatches = (node: unknown): Statement[] => {
    if (Array.isArray(node)) return node.flatMap(byteMatches)
    if (!node || typeof node !== 'object') return []
    const own = (node as Statement).ByteMatchStatement
    return [...(own ? [own as Statement] : []), ...Object.values(node).flatMap(byteMatches)]
  }

  it('lives in us-east-1 and limits /api/* per address, the webhook by a rule of its own, with the API’s own 429', () => {
    expect(prod.stacks.waf.region).toBe('us-east-1')
    prod.waf.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'api-rate-per-address',
          Action: { Block: { CustomResponse: Match.objectLike({ ResponseCode: 429 }) } },
          Statement: Match.objectLike({ RateBasedStatement: Match.objectLike({ Limit: 100 }) }),
        }),
      ]),
    })
    const [, acl] = only(prod.waf, 'AWS::WAFv2::WebACL')
    const bodies = acl.Properties!.CustomResponseBodies as Record<string, { Content: string }>
    expect(JSON.parse(bodies['rate-limited']!.Content)).toMatchObject({ status: 429, code: 'rate-limited' })
    expect(JSON.stringify(acl.Properties)).toContain('/api/v1/webhooks/payments')
  })

  it('decodes and normalises the path before every byte match, and never matches the webhook by a prefix', () => {
    const [, acl] = only(prod.waf, 'AWS::WAFv2::WebACL')
    const matches = byteMatches(acl.Properties!.Rules)
    expect(matches.length).toBeGreaterThanOrEqual(3)
    for (const m of matches) {
      expect(m.FieldToMatch).toEqual({ UriPath: {} })
      expect(m.TextTransformations).toEqual([
        { Priority: 0, Type: 'URL_DECODE' },
        { Priority: 1, Type: 'NORMALIZE_PATH' },
      ])
      if (String(m.SearchString).startsWith('/api/v1/webhooks'))
        expect(m, 'the webhook by its exact path').toMatchObject({
          PositionalConstraint: 'EXACTLY',
          SearchString: '/api/v1/webhooks/payments',
        })
    }
    // The API's rule counts all of /api/ but exactly the webhook's path, which has its own.
    const api = (acl.Properties!.Rules as { Name: string; Statement: unknown }[]).find(
      (r) => r.Name === 'api-rate-per-address',
    )!
    const scope = (api.Statement as { RateBasedStatement: { ScopeDownStatement: unknown } }).RateBasedStatement
      .ScopeDownStatement as { AndStatement: { Statements: Statement[] } }
    expect(byteMatches(scope.AndStatement.Statements[0])[0]).toMatchObject({
      PositionalConstraint: 'STARTS_WITH',
      SearchString: '/api/',
    })
    expect(scope.AndStatement.Statements[1]).toMatchObject({
      NotStatement: { Statement: { ByteMatchStatement: { PositionalConstraint: 'EXACTLY' } } },
    })
  })
})
