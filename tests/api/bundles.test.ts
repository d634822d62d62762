// What ships is what is tested (docs/aws.md, "The bundles"): the stacks synthesized as
// `npm run infra:synth` does, bundling included, and each function's code loaded from the
// synthesized assets the way Lambda's Node.js runtime loads it (CommonJS `index.handler`, in a
// folder outside the project, so nothing resolves but what the bundle carries; on Node 24, the
// functions' runtime, where `npm test` has installed it), with the environment the template gives
// it and nothing else of the project's. Its AWS calls go to loopback stand-ins through the SDK's
// own endpoint settings (dynalite for DynamoDB, the local S3), its HTTP ones to servers here; its
// secrets come from a stand-in for the Parameters and Secrets extension on loopback (the layer's
// HTTP server: GET /secretsmanager/get?secretId=… with the session token), as Lambda's would.
// Then invoked as each of its triggers would: the API with function-URL events behind CloudFront
// (health, a contact form, a checkout quote), the webhook route with API Gateway's event, the
// forwarding and retention schedules with the events of their rules, the status probe with its
// schedule's; every answer is one the contract (api/contract/endpoints.ts) lists.
// The stand-ins of Lambda it runs on: bundleStandIns.ts.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { App } from 'aws-cdk-lib'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type Cart, priceCart } from '../../api/contract/cart'
import { Problem } from '../../api/contract/schemas'
import { faces, signFaces } from '../../api/contract/faces'
import { parseStatus } from '../../api/contract/status'
import { keys } from '../../api/status/store'
import { STATUS_PREFIX } from '../../host/rules'
import { BundleWarning, bundleTo } from '../../infra/bundle'
import { rasid, settingsFrom } from '../../infra/stack'
import { catalogue } from '../../api/contract/catalogue'
import { startLocalS3 } from '../../host/local/localSite'
import {
  answerOf,
  apiGatewayEvent,
  asked,
  coldStart,
  environmentOf,
  functionsNode,
  type HttpResult,
  type Instance,
  node24,
  ruleEvents,
  secrets,
  sessionToken,
  previousSecrets,
  startExtension,
  stopInstances,
  type Template,
} from './bundleStandIns'
import { startDynalite, type TestDynamo } from './dynalite'
import { functionUrlEvent } from './lambdaEvents'
import { goodSupport, newKey } from './helpers'
import { type Receiver, startReceiver, validSignature } from './receiver'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 })

const production = {
  domain: 'www.rasid.example',
  certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/x',
  alarmEmail: 'ops@rasid.example',
  alarmPagerUrl: 'https://pager.rasid.example/hooks/alarms',
  leadWebhookUrl: 'https://crm.rasid.example/hooks/rasid',
  paymentPageUrl: 'https://pay.rasid.example/',
}

const dirs: string[] = []
function synthesize(context: Record<string, string>) {
  const outdir = mkdtempSync(join(tmpdir(), 'rasid-cdk-'))
  dirs.push(outdir)
  const app = new App({ outdir, context, builtinCloudFormationValidation: false })
  const stacks = rasid(
    app,
    settingsFrom((name) => context[name]),
  )
  const assembly = app.synth()
  const template = assembly.getStackByName(stacks.site.stackName).template as Template
  /** The one function whose logical id starts with `prefix`, and the folder of its synthesized code. */
  const fn = (prefix: string) => {
    const found = Object.entries(template.Resources).filter(
      ([id, r]) => r.Type === 'AWS::Lambda::Function' && id.startsWith(prefix),
    )
    expect(found, prefix).toHaveLength(1)
    const [id, resource] = found[0]!
    const key = (resource.Properties.Code as { S3Key: string }).S3Key
    return { id, resource, root: join(outdir, `asset.${key.replace(/\.zip$/, '')}`) }
  }
  return { template, fn, region: stacks.site.region }
}

let dynamo: TestDynamo
let s3: Awaited<ReturnType<typeof startLocalS3>>
let crm: Receiver
let site: Server
let siteUrl: string
let prod: ReturnType<typeof synthesize>
let staging: ReturnType<typeof synthesize>
/** The Parameters and Secrets extension's stand-in (bundleStandIns.ts: the secrets it was asked for). */
let extension: Server

beforeAll(async () => {
  ;[dynamo, s3, crm, extension] = await Promise.all([
    startDynalite(),
    startLocalS3(0, ['site']),
    startReceiver(),
    startExtension(),
  ])
  // The site and API the probe measures: a first page in each language and a healthy API.
  site = createServer((request, response) => {
    const json = request.url === '/api/v1/health'
    response.writeHead(['/', '/ar/', '/api/v1/health'].includes(request.url!) ? 200 : 404, {
      'content-type': json ? 'application/json' : 'text/html; charset=utf-8',
    })
    response.end(json ? '{"status":"ok"}' : '<!doctype html><title>Rasid</title>')
  })
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done))
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  prod = synthesize(production)
  staging = synthesize({ stage: 'staging' })
})
afterAll(async () => {
  stopInstances()
  site?.closeAllConnections()
  site?.close()
  extension?.closeAllConnections()
  extension?.close()
  await Promise.all([dynamo?.close(), s3?.stop(), crm?.close()])
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** The SDK's own settings, as an operator's or the runtime's: loopback endpoints, test keys. */
const awsStandIns = () => ({
  AWS_ACCESS_KEY_ID: s3.env.AWS_ACCESS_KEY_ID,
  AWS_SECRET_ACCESS_KEY: s3.env.AWS_SECRET_ACCESS_KEY,
  AWS_SESSION_TOKEN: sessionToken,
  PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String((extension.address() as AddressInfo).port),
  AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
  AWS_ENDPOINT_URL_S3: s3.endpoint,
})

describe('the synthesized bundles', () => {
  test('are CommonJS files for Node 24, with their source maps (names, not the sources), the same code on both stages', () => {
    for (const name of ['Api', 'StatusProbe']) {
      const fn = prod.fn(name)
      expect(fn.resource.Properties).toMatchObject({ Runtime: 'nodejs24.x', Handler: 'index.handler' })
      expect(existsSync(join(fn.root, 'index.js')), name).toBe(true)
      expect(existsSync(join(fn.root, 'index.js.map')), name).toBe(true)
      // The map names the sources for a stack trace, and carries none of their text.
      const map = JSON.parse(readFileSync(join(fn.root, 'index.js.map'), 'utf8')) as {
        sources: string[]
        sourcesContent?: unknown[]
      }
      expect(map.sources.length, name).toBeGreaterThan(10)
      expect(map.sourcesContent ?? [], name).toEqual([])
      expect(
        existsSync(join(fn.root, 'package.json')),
        `${name}: a package.json would change how Lambda loads it`,
      ).toBe(false)
      expect(staging.fn(name).resource.Properties.Code).toEqual(fn.resource.Properties.Code)
    }
    // The sandbox's payment page serves the site's faces from the API's bundle, and the riyal sign's.
    for (const face of [...faces, ...signFaces])
      expect(existsSync(join(prod.fn('Api').root, 'node_modules', face.file)), face.file).toBe(true)
  })

  test('a warning of the bundler stops the synthesis, naming the file and the warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rasid-bundle-'))
    dirs.push(dir)
    writeFileSync(
      join(dir, 'entry.mjs'),
      'export const handler = async (x) => ({ same: x === -0, dir: import.meta.dirname })\n',
    )
    expect(() => bundleTo(join(dir, 'entry.mjs'), join(dir, 'out'), { root: dir })).toThrow(BundleWarning)
    expect(() => bundleTo(join(dir, 'entry.mjs'), join(dir, 'out'), { root: dir })).toThrow(
      /entry\.mjs gave 2 esbuild warning\(s\)[\s\S]*-0[\s\S]*import\.meta/,
    )
  })
})

describe('the API bundle, production', () => {
  let api: Instance
  let table: string
  beforeAll(async () => {
    table = await dynamo.newTable()
    const fn = prod.fn('Api')
    // The edge's header read again at every webhook (a rotation's test needs no minute's wait).
    api = coldStart(
      fn,
      environmentOf(
        fn,
        prod.region,
        { DDB_TABLE: table, LEAD_WEBHOOK_URL: crm.url },
        { ...awsStandIns(), WEBHOOK_ORIGIN_TTL_S: '0' },
      ),
    )
  })

  test('starts on Node 24 with the environment the template gives it', async () => {
    const started = await api.init
    expect(started.init?.message).toBeUndefined()
    if (functionsNode === node24) expect(started.ready).toMatch(/^v24\./)
  })

  test('holds only its secrets’ names, and reads their values from the extension at its cold start', async () => {
    const variables = (prod.fn('Api').resource.Properties.Environment as { Variables: Record<string, unknown> })
      .Variables
    const names = Object.entries(variables).filter(([name]) => name.endsWith('_SECRET_ID'))
    expect(names.length).toBeGreaterThanOrEqual(3)
    for (const [name, id] of names) {
      expect(variables[name.replace(/_SECRET_ID$/, '')], name).toBeUndefined()
      expect(JSON.stringify(variables)).not.toContain(secrets[id as string]!)
    }
    // The first invocation reads them (health answers), each once.
    const health = answerOf(
      'GET',
      '/api/v1/health',
      (await api.invoke(functionUrlEvent('GET', '/api/v1/health'))).result,
    )
    expect(health.status).toBe(200)
    for (const [, id] of names)
      expect(
        asked.filter((a) => a === id),
        String(id),
      ).toHaveLength(1)
  })

  test('answers health, a contact form and a checkout quote through its function URL', async () => {
    const health = answerOf(
      'GET',
      '/api/v1/health',
      (await api.invoke(functionUrlEvent('GET', '/api/v1/health'))).result,
    )
    expect(health).toMatchObject({ status: 200, body: { status: 'ok', store: 'dynamodb' } })

    const key = newKey()
    const form = functionUrlEvent('POST', '/api/v1/contact/support', goodSupport, { 'idempotency-key': key })
    const created = answerOf('POST', '/api/v1/contact/support', (await api.invoke(form)).result)
    expect(created.status).toBe(201)
    // The same request again (a retry): the same lead, not a second one.
    const again = answerOf('POST', '/api/v1/contact/support', (await api.invoke(form)).result)
    expect(again.body.id).toBe(created.body.id)
    const store = dynamo.store(table)
    expect((await store.listContacts()).map((c) => c.id)).toEqual([created.body.id])
    await store.close()

    const cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.starter', quantity: 1 }] }
    const quote = answerOf(
      'POST',
      '/api/v1/cart/quote',
      (await api.invoke(functionUrlEvent('POST', '/api/v1/cart/quote', cart))).result,
    )
    expect(quote.status).toBe(200)
    expect(quote.body).toMatchObject({ currency: 'SAR' })
    // Personal data never reaches the log (docs/privacy.md).
    expect(api.log()).not.toContain(goodSupport.email)
  })

  test('answers the payment webhook through API Gateway’s event: a wrong token is refused, a right one for no order is not found', async () => {
    const path = '/api/v1/webhooks/payments'
    const event = (token: string, origin?: string | null) =>
      apiGatewayEvent(
        path,
        {
          id: 'evt-bundle-1',
          type: 'payment_paid',
          created_at: new Date().toISOString(),
          secret_token: token,
          data: {
            id: 'pay_1',
            status: 'paid',
            amount: 1000,
            currency: 'SAR',
            metadata: { session_id: 'cs_abcdefgh12345678' },
          },
        },
        origin,
      )
    // Straight to its execute-api endpoint, round CloudFront: the contract's 404, before the app.
    for (const origin of [null, 'a-guess']) {
      const around = answerOf('POST', path, (await api.invoke(event('not-the-token', origin))).result)
      expect(around.status).toBe(404)
      expect(v.parse(Problem, around.body).code).toBe('not-found')
    }
    const refused = answerOf('POST', path, (await api.invoke(event('not-the-token'))).result)
    expect(refused.status).toBe(401)
    expect(v.parse(Problem, refused.body).code).toBe('signature-invalid')
    const unknown = answerOf(
      'POST',
      path,
      (await api.invoke(event(secrets['rasid/api/moyasar-webhook-token']!))).result,
    )
    expect(unknown.status).toBe(404)
  })

  test('takes the origin header’s new value and the one it replaced during a rotation, with no cold start, and no other', async () => {
    const path = '/api/v1/webhooks/payments'
    const name = 'rasid/api/webhook-origin-secret'
    const old = secrets[name]!
    const fresh = 'webhook-origin-secret-rotated-9876543210abcdef'
    const through = async (origin: string) =>
      answerOf(
        'POST',
        path,
        (await api.invoke(apiGatewayEvent(path, { secret_token: 'not-the-token' }, origin))).result,
      ).status
    try {
      secrets[name] = fresh
      previousSecrets[name] = old
      // Past the edge (the app's own 401 or 400), for both values; the contract's 404 for a guess.
      expect(await through(fresh)).not.toBe(404)
      expect(await through(old)).not.toBe(404)
      expect(await through('a-guess')).toBe(404)
      // Once the rotation is over, the old value is refused.
      delete previousSecrets[name]
      expect(await through(old)).toBe(404)
      expect(await through(fresh)).not.toBe(404)
    } finally {
      secrets[name] = old
      delete previousSecrets[name]
    }
  })

  test('the forwarding schedule’s event delivers the queued lead, signed; the retention schedule’s sweeps', async () => {
    const [forward] = ruleEvents(prod.template, 'Live', prod.region).filter((e) => !e.rasid)
    const [sweep] = ruleEvents(prod.template, 'Live', prod.region).filter((e) => e.rasid === 'retention-sweep')
    expect(sweep).toEqual({ rasid: 'retention-sweep' })
    const drained = await api.invoke(forward)
    expect(drained.result).toEqual({ forwarded: 1, retrying: 0, failed: 0 })
    const delivery = crm.deliveries.at(-1)!
    expect(
      validSignature(delivery.headers['rasid-signature'], delivery.body, secrets['rasid/api/lead-webhook-secret']!),
    ).toBe(true)
    expect((await api.invoke(sweep)).result).toMatchObject({ contacts: 0, sessions: 0 })
  })
})

// Only on Node 24 (npm test installs it first): an older Node has no NODE_USE_ENV_PROXY, and the
// function would try Moyasar's real host; nothing here may leave loopback.
describe.skipIf(functionsNode !== node24)('the API bundle, production, reconciling payments', () => {
  // Moyasar's API is out of reach from here: the function's HTTPS goes to a proxy on 127.0.0.1 (Node
  // 24's own NODE_USE_ENV_PROXY, as an operator's would), which records where it was asked to go and
  // refuses; loopback (dynalite) goes direct.
  let proxy: Server
  const asked: string[] = []
  beforeAll(async () => {
    proxy = createServer((_request, response) => response.writeHead(502).end())
    proxy.on('connect', (request: { url?: string }, socket: { end(text: string): void }) => {
      asked.push(request.url ?? '')
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')
    })
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done))
  })
  afterAll(() => {
    proxy?.closeAllConnections()
    proxy?.close()
  })

  test('the reconciliation schedule’s event asks Moyasar about an open session and answers a count of failures, not a throw', async () => {
    const [reconcile] = ruleEvents(prod.template, 'Live', prod.region).filter((e) => e.rasid === 'reconcile-payments')
    expect(reconcile).toEqual({ rasid: 'reconcile-payments' })
    const table = await dynamo.newTable()
    const fn = prod.fn('Api')
    const env = environmentOf(fn, prod.region, { DDB_TABLE: table }, awsStandIns())
    const port = (proxy.address() as AddressInfo).port
    const api = coldStart(fn, {
      ...env,
      NODE_USE_ENV_PROXY: '1',
      HTTPS_PROXY: `http://127.0.0.1:${port}`,
      NO_PROXY: '127.0.0.1,localhost',
    })
    expect((await api.init).init?.message).toBeUndefined()
    // A session opened ten minutes ago on a Moyasar invoice, its webhook never come.
    const cart: Cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
    const invoice = '73bda482-5f95-4f59-87d3-3fe3615c54bc'
    const created = Date.now() - 10 * 60 * 1000
    const store = dynamo.store(table)
    await store.saveSession({
      id: 'cs_bundle_reconcile_1',
      status: 'open',
      quote: priceCart(cart, catalogue),
      locale: 'en',
      paymentUrl: `https://checkout.moyasar.com/invoices/${invoice}?lang=en`,
      providerRef: invoice,
      createdAt: new Date(created).toISOString(),
      expiresAt: new Date(created + 30 * 60 * 1000).toISOString(),
      updatedAt: new Date(created).toISOString(),
      // Its first check, due since eight minutes (api/server/checkout/checkSchedule.ts).
      nextCheckAt: new Date(created + 2 * 60 * 1000).toISOString(),
      checks: 0,
    })
    const ran = await api.invoke(reconcile)
    expect(ran.error).toBeUndefined()
    expect(ran.result).toEqual({
      checked: 1,
      paid: 0,
      failed: 0,
      cancelled: 0,
      unchanged: 0,
      waiting: 0,
      expired: 0,
      errors: 1,
      unreached: 0,
    })
    expect(asked).toContain('api.moyasar.com:443')
    expect((await store.getSession('cs_bundle_reconcile_1'))?.status).toBe('open')
    await store.close()
    // One line of counts, at warn: the session's id and invoice are not in it.
    const line = api
      .log()
      .split('\n')
      .find((l) => l.includes('"payment reconciliation"'))
    expect(line).toMatch(/"level":"warn".*"errors":1/)
    expect(line).not.toContain('cs_bundle_reconcile_1')
    expect(line).not.toContain(invoice)
  })
})

describe('the API bundle, a secret Secrets Manager does not have', () => {
  test('refuses the cold start naming the setting, in English and Arabic, and answers nothing', async () => {
    const fn = prod.fn('Api')
    const env = environmentOf(
      fn,
      prod.region,
      { DDB_TABLE: await dynamo.newTable(), MOYASAR_WEBHOOK_TOKEN_SECRET_ID: 'rasid/api/not-there' },
      awsStandIns(),
    )
    const api = coldStart(fn, env)
    expect((await api.init).init?.message).toBeUndefined()
    const first = await api.invoke(functionUrlEvent('GET', '/api/v1/health'))
    expect(first.result).toBeUndefined()
    const message = first.error?.message ?? ''
    expect(message).toContain('The API will not start')
    expect(message).toMatch(
      /- MOYASAR_WEBHOOK_TOKEN: could not be read from Secrets Manager \(rasid\/api\/not-there\).*ResourceNotFoundException/,
    )
    expect(message).toMatch(/ {2}MOYASAR_WEBHOOK_TOKEN: تعذّرت قراءته من Secrets Manager/)
    // Still refused at the next invocation: it tries again, and nothing is served meanwhile.
    expect((await api.invoke(functionUrlEvent('GET', '/api/v1/health'))).error?.message).toContain(
      'MOYASAR_WEBHOOK_TOKEN',
    )
    api.stop()
  })
})

describe('the API bundle, staging', () => {
  test('serves the sandbox’s payment page faces from the bundle', async () => {
    const fn = staging.fn('Api')
    const env = environmentOf(fn, staging.region, { DDB_TABLE: await dynamo.newTable() }, awsStandIns())
    const api = coldStart(fn, env)
    expect((await api.init).init?.message).toBeUndefined()
    const file = faces[0]!.file.split('/').pop()!
    const answer = (await api.invoke(functionUrlEvent('GET', `/api/v1/sandbox/fonts/${file}`))).result as HttpResult
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('font/woff2')
    const bytes = Buffer.from(answer.body, answer.isBase64Encoded ? 'base64' : 'utf8')
    expect(bytes.equals(readFileSync(join(fn.root, 'node_modules', faces[0]!.file)))).toBe(true)
  })
})

describe('the status probe bundle', () => {
  test('measures the site and the API from its schedule’s event and writes the status document to the bucket', async () => {
    const fn = prod.fn('StatusProbe')
    const env = environmentOf(
      fn,
      prod.region,
      { SITE_BUCKET: 'site', PROBE_SITE_URL: siteUrl, PROBE_API_URL: `${siteUrl}/api/v1` },
      awsStandIns(),
    )
    // The payment page's host is out of reach here: the probe measures the site and the API only.
    delete (env as Record<string, string>).PROBE_PAYMENT_URL
    const probe = coldStart(fn, env)
    expect((await probe.init).init?.message).toBeUndefined()
    const [event] = ruleEvents(prod.template, 'StatusProbe', prod.region)
    const run = (await probe.invoke(event)) as {
      result: { revision: number; results: { component: string; ok: boolean }[] }
    }
    expect(run.result.results).toEqual([
      { component: 'site', ok: true },
      { component: 'api', ok: true },
    ])
    const client = s3.client()
    const object = await client.send(new GetObjectCommand({ Bucket: 'site', Key: `${STATUS_PREFIX}${keys.document}` }))
    const parsed = parseStatus(JSON.parse(await object.Body!.transformToString()))
    client.destroy()
    expect('doc' in parsed && parsed.doc.revision).toBe(run.result.revision)
    // Each checked component's metric, in Embedded Metric Format, which the stack's alarms watch.
    const metrics = probe
      .log()
      .split('\n')
      .filter((line) => line.includes('"CloudWatchMetrics"'))
      .map((line) => JSON.parse(line.slice(line.indexOf('{'))) as Record<string, unknown>)
    expect(metrics.map((m) => [m.Component, m.Up])).toEqual([
      ['site', 1],
      ['api', 1],
    ])
    expect(metrics[0]).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Namespace: 'Rasid/Status', Dimensions: [['Component']] }] },
    })
  })
})
