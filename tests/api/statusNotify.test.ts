// Told, not only shown (docs/status-api.md): webhook subscriptions to the status page's incidents.
// Receivers on 127.0.0.1, started and stopped here, get each incident opened, updated and resolved
// for their components only, in their language, signed with their own secret, which they verify as
// the docs say; a 503 is tried again, a dead endpoint reported and never thrown. Two operators
// subscribing at once both land, in a folder and on the local S3 (with S3's conditional writes);
// the secret is shown once, kept sealed and never listed or logged; bad input is refused in both
// languages.
import { readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { describe, expect, test, vi } from 'vitest'
import type { StatusDocument } from '../../api/contract/status'
import {
  openIncident,
  resolveIncident,
  scheduleMaintenance,
  StatusInputError,
  updateIncident,
} from '../../api/status/doc'
import { folderStore, mutate, s3Store, type StatusStore } from '../../api/status/store'
import { racingStore } from './helpers'
import {
  listSubscriptions,
  notifyIncidentChange,
  type StatusEvent,
  subscribe,
  subscriptionsKey,
  unsubscribe,
} from '../../api/status/subscriptions'
import { kmsSealer } from '../../api/status/sealing'
import { freePort, type Receiver, validSignature } from './receiver'
import { statusStandIns } from './statusFixtures'

const standIns = statusStandIns()
const { tempDir, receiver } = standIns

const siteUrl = 'https://www.rasid.example'
const options = { timeZone: 'Asia/Riyadh', siteUrl }
const both = (en: string, ar: string) => ({ en, ar })
/** Fast retries: the schedule's shape, not its seconds. */
/**
 * Where the tests' endpoints are: receivers on this machine (asked for by name, as
 * STATUS_SUBSCRIPTIONS_ALLOW_LOOPBACK=1 does), and names the resolver answers without a network.
 */
const names: Record<string, string[]> = {
  'oncall.example.com': ['93.184.215.14'],
  'chat.example.org': ['93.184.215.15'],
  'a.example': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'inside.example': ['93.184.215.16', '10.0.0.7'],
  'mapped.example': ['::ffff:169.254.169.254'],
  'local.example': ['127.0.0.1'],
  localhost: ['127.0.0.1', '::1'],
}
const destinations = { allowLoopback: true, resolve: async (host: string) => names[host] ?? [] }
const notify = { siteUrl, retryDelayMs: 10, destinations }

/** An operator's change through the store, then the notifications as the command sends them. */
async function change(store: StatusStore, action: string, apply: (doc: StatusDocument, now: number) => StatusDocument) {
  const written = await mutate(store, { action, by: 'test', apply }, options)
  return notifyIncidentChange(store, written.before, written.doc, notify)
}
const events = (r: Receiver) => r.deliveries.map((d) => JSON.parse(d.body) as StatusEvent)

describe('a subscribed endpoint is told', () => {
  test('each incident opened, updated and resolved for its components only, in its language, signed with its secret', async () => {
    const store = folderStore(tempDir())
    const arabic = await receiver()
    const english = await receiver()
    const everything = await receiver()
    const a = await subscribe(store, { url: arabic.url, components: ['checkout'], lang: 'ar', by: 'ops', destinations })
    const e = await subscribe(store, {
      url: english.url,
      components: ['api', 'payouts'],
      lang: 'en',
      by: 'ops',
      destinations,
    })
    const all = await subscribe(store, { url: everything.url, by: 'ops', destinations })
    expect(all.subscription).toMatchObject({ components: 'all', lang: 'both' })

    const opened = await change(store, 'incident open', (doc, now) => {
      return openIncident(doc, {
        id: 'card-payments-failing',
        impact: 'partial',
        components: ['checkout', 'mada'],
        title: both('Card payments failing', 'تعذّر الدفع بالبطاقات'),
        text: both('Some card payments fail.', 'يتعذّر بعض الدفع بالبطاقات.'),
        at: now,
      }).doc
    })
    expect(opened.map((d) => [d.url, d.type, d.ok, d.status, d.attempts])).toEqual(
      expect.arrayContaining([
        [arabic.url, 'incident.opened', true, 200, 1],
        [everything.url, 'incident.opened', true, 200, 1],
      ]),
    )
    expect(opened).toHaveLength(2)
    await change(store, 'incident update', (doc, now) =>
      updateIncident(doc, 'card-payments-failing', {
        stage: 'identified',
        text: both('A gateway is failing.', 'إحدى البوابات متعطلة.'),
        at: now,
      }),
    )
    await change(store, 'incident resolve', (doc, now) =>
      resolveIncident(doc, 'card-payments-failing', { text: both('Fixed.', 'حُلّت المشكلة.'), at: now }),
    )

    const got = events(arabic)
    expect(got.map((x) => [x.type, x.incident?.stage])).toEqual([
      ['incident.opened', 'investigating'],
      ['incident.updated', 'identified'],
      ['incident.resolved', 'resolved'],
    ])
    expect(new Set(got.map((x) => x.id)).size).toBe(3)
    expect(got[0]).toMatchObject({
      subscription: a.subscription.id,
      lang: 'ar',
      incident: {
        id: 'card-payments-failing',
        impact: 'partial',
        components: ['checkout', 'mada'],
        title: { ar: 'تعذّر الدفع بالبطاقات' },
        text: { ar: 'يتعذّر بعض الدفع بالبطاقات.' },
        url: { ar: `${siteUrl}/ar/monitoring#incident-card-payments-failing` },
      },
      page: { url: { ar: `${siteUrl}/ar/monitoring` }, summary: `${siteUrl}/status/summary.json` },
    })
    // Its language only.
    for (const x of got) expect(Object.keys(x.incident!.title)).toEqual(['ar'])
    expect(got[1]!.incident!.text).toEqual({ ar: 'إحدى البوابات متعطلة.' })
    // Both languages to the one that asked for both.
    expect(events(everything).map((x) => x.incident!.title)).toEqual(
      Array(3).fill(both('Card payments failing', 'تعذّر الدفع بالبطاقات')),
    )
    // Not its components: nothing.
    expect(english.deliveries).toEqual([])

    // Each delivery verifies with its own secret, as the docs show, over the raw body; not with another's.
    for (const d of arabic.deliveries) {
      expect(validSignature(d.headers['rasid-signature'], d.body, a.secret)).toBe(true)
      expect(validSignature(d.headers['rasid-signature'], d.body, e.secret)).toBe(false)
      expect(d.headers['rasid-event-id']).toBe((JSON.parse(d.body) as StatusEvent).id)
      expect(d.headers['content-type']).toBe('application/json')
    }
    expect(
      validSignature(arabic.deliveries[0]!.headers['rasid-signature'], `${arabic.deliveries[0]!.body} `, a.secret),
    ).toBe(false)

    // Maintenance on its components reaches the English one, in English.
    await change(
      store,
      'maintenance schedule',
      (doc, now) =>
        scheduleMaintenance(doc, {
          id: 'payouts-upgrade',
          components: ['payouts'],
          from: now + 3_600_000,
          to: now + 7_200_000,
          title: both('Payouts upgrade', 'تحديث نظام التحويلات'),
          text: both('Payouts pause for an hour.', 'تتوقف التحويلات ساعة واحدة.'),
          now,
        }).doc,
    )
    expect(events(english)).toMatchObject([
      {
        type: 'maintenance.scheduled',
        lang: 'en',
        maintenance: { id: 'payouts-upgrade', title: { en: 'Payouts upgrade' } },
      },
    ])
    expect(
      validSignature(english.deliveries[0]!.headers['rasid-signature'], english.deliveries[0]!.body, e.secret),
    ).toBe(true)

    // Nothing changed in incidents or maintenance: nothing sent. Unsubscribed: nothing more.
    await unsubscribe(store, a.subscription.id)
    const again = await change(
      store,
      'incident open',
      (doc, now) =>
        openIncident(doc, {
          id: 'checkout-slow',
          impact: 'degraded',
          components: ['checkout'],
          title: both('Slow checkout', 'بطء صفحة الدفع'),
          text: both('Pages load slowly.', 'تُحمَّل الصفحات ببطء.'),
          at: now,
        }).doc,
    )
    expect(again.map((d) => d.url)).toEqual([everything.url])
    expect(arabic.deliveries).toHaveLength(3)
  })

  test('again after a 503, with the same event id; a dead, a refusing or a silent endpoint is reported, never thrown', async () => {
    const store = folderStore(tempDir())
    const flaky = await receiver([503])
    const refusing = await receiver([400])
    const silent = await receiver(['hang', 'hang', 'hang'])
    const dead = `http://127.0.0.1:${await freePort()}/hooks`
    for (const url of [flaky.url, refusing.url, silent.url, dead])
      await subscribe(store, { url, by: 'ops', destinations })

    const open = (doc: StatusDocument, now: number) =>
      openIncident(doc, {
        id: 'api-errors',
        impact: 'major',
        components: ['api'],
        title: both('API errors', 'أخطاء في الواجهة البرمجية'),
        text: both('Investigating.', 'نتحقق.'),
        at: now,
      }).doc
    const written = await mutate(store, { action: 'incident open', apply: open }, options)
    const results = await notifyIncidentChange(store, written.before, written.doc, { ...notify, timeoutMs: 300 })
    const of = (url: string) => results.find((r) => r.url === url)!

    expect(of(flaky.url)).toMatchObject({ ok: true, status: 200, attempts: 2 })
    expect(flaky.deliveries.map((d) => [d.answer, d.headers['rasid-delivery-attempt']])).toEqual([
      [503, '1'],
      [200, '2'],
    ])
    const [first, second] = flaky.deliveries.map((d) => JSON.parse(d.body) as StatusEvent)
    expect(second!.id).toBe(first!.id)

    // A 4xx is the endpoint's answer: not tried again.
    expect(of(refusing.url)).toMatchObject({ ok: false, status: 400, error: 'status 400', attempts: 1 })
    // What the network said is never echoed: only whether the endpoint answered in time.
    expect(of(silent.url)).toMatchObject({ ok: false, error: 'timeout', attempts: 3 })
    expect(of(silent.url)).not.toHaveProperty('status')
    expect(of(dead)).toMatchObject({ ok: false, error: 'no-connection', attempts: 3 })
  })
})

const stores: [string, () => { store: StatusStore; prefix?: string }][] = [
  ['a folder', () => ({ store: folderStore(tempDir()) })],
  [
    'the local S3',
    () => {
      const prefix = `status-${Math.random().toString(36).slice(2)}/`
      return {
        store: s3Store(standIns.s3(), 'site', prefix, {
          sealer: kmsSealer(standIns.kms().client(), standIns.kms().keyArn),
        }),
        prefix,
      }
    },
  ],
]

describe.each(stores)('on %s', (_, make) => {
  test('a redirect is not followed, and a name pointed inside after subscribing is refused at delivery, unconnected', async () => {
    const store = folderStore(tempDir())
    const target = await receiver()
    const redirecting = createServer((_, response) => {
      response.writeHead(302, { location: target.url }).end()
    })
    await new Promise<void>((ok) => redirecting.listen(0, '127.0.0.1', ok))
    const redirectUrl = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/hooks`
    await subscribe(store, { url: redirectUrl, by: 'ops', destinations })
    // Public when subscribed; by the time of the incident its name leads inside a private network.
    const moving: Record<string, string[]> = { ...names, 'moving.example': ['93.184.215.17'] }
    const resolve = async (host: string) => moving[host] ?? []
    await subscribe(store, { url: 'https://moving.example/hooks', by: 'ops', destinations: { resolve } })
    moving['moving.example'] = ['10.0.0.9']
    try {
      const open = (doc: StatusDocument, now: number) =>
        openIncident(doc, {
          id: 'site-slow',
          impact: 'degraded',
          components: ['site'],
          title: both('Site slow', 'بطء في الموقع'),
          text: both('Investigating.', 'نتحقق.'),
          at: now,
        }).doc
      const written = await mutate(store, { action: 'incident open', apply: open }, options)
      const results = await notifyIncidentChange(store, written.before, written.doc, {
        ...notify,
        destinations: { allowLoopback: true, resolve },
      })
      expect(results.find((r) => r.url === redirectUrl)).toMatchObject({
        ok: false,
        status: 302,
        error: 'status 302',
        attempts: 1,
      })
      expect(target.deliveries).toEqual([])
      // Refused before any connection, and said so without detail.
      expect(results.find((r) => r.url === 'https://moving.example/hooks')).toMatchObject({
        ok: false,
        error: 'refused: not-public',
        attempts: 1,
      })
    } finally {
      await new Promise((done) => redirecting.close(done))
    }
  })

  test('two operators subscribing at once both land, and two unsubscribing at once both leave', async () => {
    const { store, prefix } = make()
    const { race, lost } = racingStore(store, 2, subscriptionsKey)
    const [a, b] = await Promise.all([
      subscribe(
        race,
        { url: 'https://oncall.example.com/hooks/rasid', components: ['api'], by: 'amal', destinations },
        1,
      ),
      subscribe(race, { url: 'https://chat.example.org/status', lang: 'ar', by: 'badr', destinations }, 2),
    ])
    expect(lost).toEqual([subscriptionsKey])
    const listed = await listSubscriptions(store)
    expect(listed.map((s) => s.id).sort()).toEqual([a.subscription.id, b.subscription.id].sort())
    expect(listed.find((s) => s.id === a.subscription.id)).toEqual({
      id: a.subscription.id,
      url: 'https://oncall.example.com/hooks/rasid',
      components: ['api'],
      lang: 'both',
      createdAt: new Date(1).toISOString(),
      createdBy: 'amal',
    })

    const second = racingStore(store, 2, subscriptionsKey)
    await Promise.all([unsubscribe(second.race, a.subscription.id), unsubscribe(second.race, b.subscription.id)])
    expect(second.lost).toEqual([subscriptionsKey])
    expect(await listSubscriptions(store)).toEqual([])

    if (prefix) {
      // In the bucket, beside the history (status-history/ in production), which no viewer reaches.
      const listing = await standIns
        .s3()
        .send(new ListObjectsV2Command({ Bucket: 'site', Prefix: prefix.replace(/\/$/, '') }))
      expect(listing.Contents?.map((o) => o.Key)).toEqual([`${prefix.replace(/\/$/, '')}-history/subscriptions.json`])
    }
  })
})

test('the secret is shown once: stored privately, never listed, never in what a delivery returns or logs', async () => {
  const dir = tempDir()
  const store = folderStore(dir)
  const dead = `http://127.0.0.1:${await freePort()}/hooks`
  const { subscription, secret } = await subscribe(store, { url: dead, components: ['site'], by: 'ops', destinations })
  expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/)
  expect(subscription).not.toHaveProperty('secret')
  expect(JSON.stringify(subscription)).not.toContain(secret)
  expect(JSON.stringify(await listSubscriptions(store))).not.toContain(secret)
  // Kept sealed, under the folder's own key, both readable by their owner alone.
  const kept = readFileSync(join(dir, subscriptionsKey), 'utf8')
  expect(kept).not.toContain(secret)
  expect(kept).toMatch(/"sealed": "local:[\w-]+"/)
  for (const file of [subscriptionsKey, 'history/seal.key'])
    expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600)

  const said: unknown[] = []
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void said.push(args)),
  )
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => Boolean(said.push(chunk)))
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => Boolean(said.push(chunk)))
  let results: unknown
  try {
    const written = await mutate(
      store,
      {
        action: 'incident open',
        apply: (doc, now) =>
          openIncident(doc, {
            impact: 'major',
            components: ['site'],
            title: both('Site down', 'الموقع متوقف'),
            text: both('Investigating.', 'نتحقق.'),
            at: now,
          }).doc,
      },
      options,
    )
    results = await notifyIncidentChange(store, written.before, written.doc, notify)
  } finally {
    for (const spy of [...spies, stderr, stdout]) spy.mockRestore()
  }
  expect(results).toMatchObject([{ id: subscription.id, ok: false, attempts: 3 }])
  expect(JSON.stringify(results)).not.toContain(secret)
  expect(JSON.stringify(said)).not.toContain(secret)
})

describe('refused, with the reason in both languages, and nothing written', () => {
  /** The refusal `run` meets, in both languages. */
  async function refusal(run: () => Promise<unknown>): Promise<{ en: string; ar: string }> {
    try {
      await run()
    } catch (err) {
      if (err instanceof StatusInputError) return err.text
      throw err
    }
    throw new Error('not refused')
  }
  const store = () => folderStore(tempDir())
  const by = 'ops'

  test.each([
    ['not a URL', { url: 'oncall hooks' }, /is not a URL/, /ليس عنوانًا صالحًا/],
    ['no URL', { url: ' ' }, /Give the endpoint/, /اكتب عنوان نقطة الاستقبال/],
    ['http to another host', { url: 'http://oncall.example.com/hooks' }, /must use https:\/\//, /يجب أن يبدأ/],
    ['another scheme', { url: 'ftp://oncall.example.com/hooks' }, /must use https:\/\//, /يجب أن يبدأ/],
    ['a password in the URL', { url: 'https://ops:pw@oncall.example.com/' }, /no user name or password/, /كلمة مرور/],
    [
      'an unknown component',
      { url: 'https://a.example/', components: ['api', 'visa'] },
      /Unknown component "visa"/,
      /«\u200Evisa\u200E» غير معروف/,
    ],
    ['no component', { url: 'https://a.example/', components: [] }, /at least one component/, /مكوّنًا واحدًا على الأقل/],
    [
      'an unknown language',
      { url: 'https://a.example/', lang: 'fr' },
      /Unknown language "fr": use en, ar or both/,
      /اللغة «\u200Efr\u200E» غير معروفة/,
    ],
  ])('%s', async (_, input, en, ar) => {
    const s = store()
    const text = await refusal(() => subscribe(s, { by, destinations, ...input }))
    expect(text.en).toMatch(en)
    expect(text.ar).toMatch(ar)
    expect(await s.read(subscriptionsKey)).toBeUndefined()
  })

  test('an unknown id to unsubscribe, and an endpoint subscribed already', async () => {
    const s = store()
    const { subscription } = await subscribe(s, { url: 'https://a.example/hooks', by, destinations })
    const before = await s.read(subscriptionsKey)
    const unknown = await refusal(() => unsubscribe(s, 'sub_0123456789abcdef'))
    expect(unknown.en).toMatch(/There is no subscription "sub_0123456789abcdef" \(npm run status -- subscriptions/)
    expect(unknown.ar).toMatch(/لا يوجد اشتراك «\u200Esub_0123456789abcdef\u200E»/)
    const twice = await refusal(() =>
      subscribe(s, { url: 'https://a.example/hooks#x', components: ['api'], by, destinations }),
    )
    expect(twice.en).toContain(`subscribed already (${subscription.id})`)
    expect(twice.ar).toMatch(/مشترك من قبل/)
    expect(await s.read(subscriptionsKey)).toEqual(before)
  })

  // As an operator's machine runs it, without the switch for this machine.
  const strict = { resolve: destinations.resolve }
  test.each([
    ['a private address', 'https://10.0.0.1/admin', /not on the public internet/],
    [
      'a link-local address (the cloud metadata service)',
      'https://169.254.169.254/latest/',
      /not on the public internet/,
    ],
    ['this machine over https', 'https://127.0.0.1/h', /not on the public internet/],
    ['this machine over http', 'http://127.0.0.1:2375/containers/create', /must use https:\/\//],
    ['this machine by name', 'http://local.example:18437/x', /must use https:\/\//],
    ['an IPv6 loopback', 'https://[::1]/h', /not on the public internet/],
    ['an IPv4-mapped IPv6 address', 'https://[::ffff:a9fe:a9fe]/latest/', /not on the public internet/],
    ['a name resolving to a mapped link-local address', 'https://mapped.example/', /not on the public internet/],
    ['a name with one private address among public ones', 'https://inside.example/h', /not on the public internet/],
    ['another port', 'https://oncall.example.com:8443/h', /default https port/],
    ['a name with no address', 'https://nowhere.example/h', /has no address/],
  ])('where it leads: %s', async (_, url, en) => {
    const s = store()
    const text = await refusal(() => subscribe(s, { url, by, destinations: strict }))
    expect(text.en).toMatch(en)
    expect(text.ar).toMatch(/[\u0600-\u06FF]/)
    expect(await s.read(subscriptionsKey)).toBeUndefined()
  })

  test('http on this machine is accepted, as https anywhere', async () => {
    const s = store()
    for (const url of [
      'http://localhost:8080/h',
      'http://127.0.0.1:9/h',
      'http://[::1]:9/h',
      'https://oncall.example.com/h',
    ])
      await subscribe(s, { url, by, destinations })
    expect((await listSubscriptions(s)).map((x) => x.url)).toHaveLength(4)
  })
})
