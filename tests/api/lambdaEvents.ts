// The events Lambda receives behind the stack's two front doors (docs/aws.md): CloudFront's request to
// the IAM-protected function URL, and the webhook's HTTP API ($default stage, payload format 2.0).
// Shared by the tests that invoke the handler (tests/api/bundles.test.ts, webhookOrigin.test.ts).
import { newKey } from './helpers'

/** What CloudFront sends the function URL (origin access control) for a visitor's request. */
export function functionUrlEvent(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? undefined : JSON.stringify(body)
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: {
      host: 'abcdefghijklmnopqrstuvwxyz012345.lambda-url.me-south-1.on.aws',
      'cloudfront-viewer-address': '198.51.100.7:51234',
      'x-forwarded-for': '198.51.100.7, 130.176.1.1',
      'x-forwarded-proto': 'https',
      via: '2.0 0123456789abcdef.cloudfront.net (CloudFront)',
      ...(text ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } : {}),
      ...headers,
    },
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abcdefghijklmnopqrstuvwxyz012345',
      domainName: 'abcdefghijklmnopqrstuvwxyz012345.lambda-url.me-south-1.on.aws',
      domainPrefix: 'abcdefghijklmnopqrstuvwxyz012345',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '130.176.1.1', userAgent: 'Amazon CloudFront' },
      requestId: `req-${newKey()}`,
      routeKey: '$default',
      stage: '$default',
      time: '28/Nov/2026:12:00:00 +0000',
      timeEpoch: Date.now(),
    },
    ...(text === undefined ? {} : { body: text }),
    isBase64Encoded: false,
  }
}

/** What the webhook's HTTP API sends for the provider's POST on its route, with `headers` added. */
export function apiGatewayEvent(path: string, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body)
  return {
    version: '2.0',
    routeKey: `POST ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: {
      'content-length': String(Buffer.byteLength(text)),
      'content-type': 'application/json',
      host: 'a1b2c3d4e5.execute-api.me-south-1.amazonaws.com',
      'user-agent': 'Moyasar-Webhooks',
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-port': '443',
      'x-forwarded-proto': 'https',
      ...headers,
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'a1b2c3d4e5',
      domainName: 'a1b2c3d4e5.execute-api.me-south-1.amazonaws.com',
      domainPrefix: 'a1b2c3d4e5',
      http: { method: 'POST', path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'Moyasar-Webhooks' },
      requestId: `webhook-${newKey()}`,
      routeKey: `POST ${path}`,
      stage: '$default',
      time: '28/Nov/2026:12:00:00 +0000',
      timeEpoch: Date.now(),
    },
    body: text,
    isBase64Encoded: false,
  }
}
