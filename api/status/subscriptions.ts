// Webhook subscriptions to incidents (docs/status-api.md): an operator registers an integrator's or
// an on-call tool's HTTPS endpoint, with the components it cares about and its language, and each
// incident opened, updated or resolved on the status page (and each maintenance scheduled or
// cancelled) is POSTed to it as JSON, signed as the site's own webhooks are (`Rasid-Signature`).
// The subscriptions sit in the status store's private history (`history/subscriptions.json`:
// `status-history/` in the bucket, which no viewer reaches), changed with the store's conditional
// writes, so two operators subscribing at once both land. Each has a signing secret, shown once
// when it is made and never listed or logged, kept sealed (./sealing.ts: KMS on AWS), and replaced
// by a rotation that signs with both for an overlap. A refusal's words are the operators' catalog's
// (locales/operator/api.<lang>.json).
import { createHmac, randomBytes } from 'node:crypto'
import * as v from 'valibot'
import { type OperatorId, operatorList, operatorText } from '../../locales/operator'
import { type ComponentKey, componentKeys, type StatusDocument } from '../contract/status'
import { type DestinationRules, destination, type Refusal } from './destinations'
import type { Sealer } from './sealing'
import { StatusInputError } from './doc'
import { PreconditionFailed, type StatusStore } from './store'
import {
  eventFor,
  matches,
  type StatusChange,
  type StatusEvent,
  type StatusEventType,
  statusChanges,
  type SubscriptionLang,
  subscriptionLangs,
} from './statusEvents'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

/** Where the subscriptions are kept in the store: private, beside the history. */
export const subscriptionsKey = 'history/subscriptions.json'

export type { StatusEvent }

/** A subscription as listed: everything but its secret. */
export interface Subscription {
  /** `sub_` and 16 hex digits. */
  id: string
  /** The endpoint: https, or http on the machine itself (localhost, 127.0.0.0/8, ::1). */
  url: string
  /** The components whose incidents and maintenance it hears of, or `all`. */
  components: ComponentKey[] | 'all'
  /** The language of the texts sent: `en`, `ar` or `both`. */
  lang: SubscriptionLang
  createdAt: string
  /** The operator who registered it (`--by`, DEPLOY_BY or the user). */
  createdBy: string
}

const base = {
  id: v.pipe(v.string(), v.regex(/^sub_[0-9a-f]{16}$/)),
  url: v.string(),
  components: v.union([v.literal('all'), v.array(v.picklist(componentKeys))]),
  lang: v.picklist(subscriptionLangs),
  createdAt: v.string(),
  createdBy: v.string(),
}
/** A signing secret as kept: sealed, since when, and (the older one during a rotation) until when. */
const SealedSecret = v.strictObject({
  sealed: v.pipe(v.string(), v.regex(/^(kms|local):[A-Za-z0-9+/=_-]+$/)),
  since: v.string(),
  until: v.optional(v.string()),
})
const Stored = v.variant('schema', [
  v.strictObject({
    schema: v.literal(2),
    subscriptions: v.array(
      v.strictObject({ ...base, secrets: v.pipe(v.array(SealedSecret), v.minLength(1), v.maxLength(2)) }),
    ),
  }),
  // A list from before secrets were sealed: read, and sealed at its next write.
  v.strictObject({
    schema: v.literal(1),
    subscriptions: v.array(v.strictObject({ ...base, secret: v.pipe(v.string(), v.regex(/^whsec_[0-9a-f]{64}$/)) })),
  }),
])
type Key = { since: string; until?: string } & ({ sealed: string } | { plain: string })
type StoredSubscription = Subscription & { secrets: Key[] }

const refuse = (id: OperatorId, values?: Parameters<typeof operatorText>[1]): never => {
  throw new StatusInputError(operatorText(id, values))
}

/** The endpoint as it will be called, or a refusal saying why not: its form, then where it leads (./destinations.ts). */
async function checkUrl(raw: string | undefined, rules: DestinationRules): Promise<string> {
  const text = (raw ?? '').trim()
  if (!text) refuse('statusSubscriptions.url.missing')
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    refuse('statusSubscriptions.url.invalid', { url: text })
  }
  const u = url!
  if (u.protocol !== 'https:' && u.protocol !== 'http:') refuse('statusSubscriptions.url.scheme', { url: text })
  if (u.username || u.password) refuse('statusSubscriptions.url.credentials', { host: u.host })
  u.hash = ''
  if (u.href.length > 2000) refuse('statusSubscriptions.url.long')
  const checked = await destination(u, rules)
  if (!checked.ok) refuse(refusals[checked.reason], { url: text, host: checked.host })
  return u.href
}

const refusals: Record<Refusal['reason'], OperatorId> = {
  scheme: 'statusSubscriptions.url.scheme',
  port: 'statusSubscriptions.url.port',
  unresolved: 'statusSubscriptions.url.unresolved',
  'not-public': 'statusSubscriptions.url.private',
}

/** The components to hear of: `all` (none named, or `all`), else known keys, each once. */
function checkComponents(keys: readonly string[] | 'all' | undefined): ComponentKey[] | 'all' {
  if (keys === undefined || keys === 'all' || keys.includes('all')) return 'all'
  const named = keys.map((k) => k.trim()).filter(Boolean)
  if (!named.length) refuse('statusSubscriptions.components.none')
  for (const key of named)
    if (!(componentKeys as readonly string[]).includes(key))
      refuse('statusSubscriptions.components.unknown', { key, components: operatorList(componentKeys) })
  return [...new Set(named)] as ComponentKey[]
}

function checkLang(lang: string | undefined): SubscriptionLang {
  const value = (lang ?? 'both').trim()
  if (!(subscriptionLangs as readonly string[]).includes(value)) refuse('statusSubscriptions.lang.unknown', { value })
  return value as SubscriptionLang
}

const publicView = ({ secrets: _, ...s }: StoredSubscription): Subscription => s

/** The store's sealer, or a refusal naming the setting that gives one (STATUS_KMS_KEY on a bucket). */
function sealerOf(store: StatusStore): Sealer {
  const { sealer } = store
  if (!sealer) refuse('statusSubscriptions.sealer.missing', { store: store.name })
  return sealer!
}

/** The secrets a delivery signs with at `now`: the newest, and the one it replaces until its overlap ends. */
const liveKeys = (keys: readonly Key[], now: number) => keys.filter((k) => !k.until || Date.parse(k.until) > now)

function parse(current: { body: string } | undefined, where: string): StoredSubscription[] {
  if (!current) return []
  let json: unknown
  try {
    json = JSON.parse(current.body)
  } catch (err) {
    throw new Error(`${where}: not JSON (${(err as Error).message}); fix or restore it by hand.`)
  }
  const parsed = v.safeParse(Stored, json)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    throw new Error(
      `${where}: ${issue.path?.map((p) => p.key).join('.') || '(root)'}: ${issue.message}; fix or restore it by hand.`,
    )
  }
  if (parsed.output.schema === 2) return parsed.output.subscriptions
  return parsed.output.subscriptions.map(({ secret, ...rest }) => ({
    ...rest,
    secrets: [{ plain: secret, since: rest.createdAt }],
  }))
}

/**
 * Reads the subscriptions, applies `apply` and writes the list only over the version read; when
 * another operator wrote in between, reads again and applies it again (as ./store.ts `mutate`).
 * What it writes holds no secret in clear (one from an older list is sealed now) and no secret
 * whose overlap has ended.
 */
async function change<T>(
  store: StatusStore,
  now: number,
  apply: (list: StoredSubscription[]) => { list: StoredSubscription[]; result: T },
): Promise<T> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const current = await store.read(subscriptionsKey)
    const { list, result } = apply(parse(current, store.where(subscriptionsKey)))
    const subscriptions = await Promise.all(
      list.map(async ({ secrets, ...rest }) => ({
        ...rest,
        secrets: await Promise.all(
          liveKeys(secrets, now).map(async (key) => {
            if (!('plain' in key)) return key
            const { plain, ...times } = key
            return { ...times, sealed: await sealerOf(store).seal(plain, rest.id) }
          }),
        ),
      })),
    )
    const body = `${JSON.stringify({ schema: 2, subscriptions }, null, 2)}\n`
    try {
      await store.write(subscriptionsKey, body, { ifMatch: current?.etag ?? null })
      return result
    } catch (err) {
      if (!(err instanceof PreconditionFailed)) throw err
      await sleep(Math.random() * 20 * (attempt + 1))
    }
  }
  throw new Error(`${store.where(subscriptionsKey)} kept changing under 20 attempts to write it; try again.`)
}

export interface SubscribeInput {
  url: string
  /** Component keys, or `all` (the default). */
  components?: readonly string[] | 'all'
  /** `en`, `ar` or `both` (the default). */
  lang?: string
  /** Who registers it. */
  by: string
  /** Where an endpoint may be (./destinations.ts): the resolver, and loopback for tests and local trials. */
  destinations?: DestinationRules
}

/**
 * Registers an endpoint. Returns the subscription and its signing secret, which is shown this once:
 * the endpoint needs it to verify each delivery's `Rasid-Signature`.
 */
export async function subscribe(
  store: StatusStore,
  input: SubscribeInput,
  now: number = Date.now(),
): Promise<{ subscription: Subscription; secret: string }> {
  const url = await checkUrl(input.url, input.destinations ?? {})
  const components = checkComponents(input.components)
  const lang = checkLang(input.lang)
  const createdBy = input.by?.trim() || 'unknown'
  // Sealed before the list is read, so that a retry of the write seals nothing again.
  const id = `sub_${randomBytes(8).toString('hex')}`
  const secret = newSecret()
  const createdAt = new Date(now).toISOString()
  const key = { sealed: await sealerOf(store).seal(secret, id), since: createdAt }
  return change(store, now, (list) => {
    const same = list.find((s) => s.url === url)
    if (same) refuse('statusSubscriptions.exists', { url, id: same.id })
    const stored: StoredSubscription = { id, url, components, lang, createdAt, createdBy, secrets: [key] }
    return { list: [...list, stored], result: { subscription: publicView(stored), secret } }
  })
}

const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`

/** How long a rotated-out secret still signs, unless the operator says otherwise. */
const rotationOverlapMs = 24 * 60 * 60 * 1000

/**
 * Gives a subscription a new signing secret, shown this once. Deliveries sign with both (two `v1=`)
 * until `overlapMs` has passed, so the endpoint can change its secret in that time; then the old
 * one is gone from the list. A rotation during an overlap ends the older overlap at once.
 */
export async function rotateSecret(
  store: StatusStore,
  id: string,
  options: { overlapMs?: number } = {},
  now: number = Date.now(),
): Promise<{ subscription: Subscription; secret: string; until: string }> {
  const wanted = (id ?? '').trim()
  const overlapMs = options.overlapMs ?? rotationOverlapMs
  if (!Number.isFinite(overlapMs) || overlapMs < 0 || overlapMs > 30 * rotationOverlapMs)
    refuse('statusSubscriptions.overlap.invalid')
  const secret = newSecret()
  const since = new Date(now).toISOString()
  const until = new Date(now + overlapMs).toISOString()
  const key = { sealed: await sealerOf(store).seal(secret, wanted), since }
  return change(store, now, (list) => {
    const found = list.find((s) => s.id === wanted)
    if (!found) refuse('statusSubscriptions.unknown', { id: wanted })
    const [current] = liveKeys(found!.secrets, now)
    const secrets = current ? [key, { ...current, until }] : [key]
    const next = list.map((s) => (s.id === wanted ? { ...s, secrets } : s))
    return { list: next, result: { subscription: publicView(found!), secret, until } }
  })
}

/**
 * Removes a subscription and its secrets; nothing more is sent to it. Returns it as it was. The
 * list's earlier versions, which hold its sealed secret, expire a day later (docs/status-api.md).
 */
export async function unsubscribe(store: StatusStore, id: string, now: number = Date.now()): Promise<Subscription> {
  const wanted = (id ?? '').trim()
  return change(store, now, (list) => {
    const found = list.find((s) => s.id === wanted)
    if (!found) refuse('statusSubscriptions.unknown', { id: wanted })
    return { list: list.filter((s) => s.id !== wanted), result: publicView(found!) }
  })
}

/** The subscriptions, oldest first, without their secrets. */
export async function listSubscriptions(store: StatusStore): Promise<Subscription[]> {
  return parse(await store.read(subscriptionsKey), store.where(subscriptionsKey)).map(publicView)
}

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the whole secret (`whsec_…`):
 * one `v1=` per secret, the newest first (two during a rotation's overlap).
 */
function statusSignature(secrets: readonly string[], body: string, unixSeconds: number): string {
  const v1 = secrets.map((secret) => createHmac('sha256', secret).update(`${unixSeconds}.`).update(body).digest('hex'))
  return [`t=${unixSeconds}`, ...v1.map((mac) => `v1=${mac}`)].join(',')
}

/** One delivery's outcome: never the secret. */
export interface Delivery {
  /** The subscription's id. */
  id: string
  url: string
  /** The event's id and type. */
  event: string
  type: StatusEventType
  ok: boolean
  /** The endpoint's last answer, if it answered. */
  status?: number
  error?: string
  attempts: number
}

export interface NotifyOptions {
  /** The site's origin, for the links (no trailing slash). */
  siteUrl: string
  now?: () => number
  /** Where an endpoint may be, checked again at each delivery (./destinations.ts). */
  destinations?: DestinationRules
  /** Each attempt's limit (5 s). */
  timeoutMs?: number
  /** Attempts per event (3), the next after `retryDelayMs` × 2^(n−1) (1 s, 2 s). */
  maxAttempts?: number
  retryDelayMs?: number
}

/**
 * One POST to `url`, connected to `address` (the one checked: no second lookup), following no
 * redirect and reading nothing of the answer but its status. Rejects with `timeout` or `no-connection`.
 */
function post(url: URL, address: string, headers: Record<string, string>, body: string, timeoutMs: number) {
  return new Promise<number>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: (_host, options, done) =>
          (options as { all?: boolean }).all
            ? (done as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
                { address, family: isIP(address) },
              ])
            : done(null, address, isIP(address)),
        timeout: timeoutMs,
      },
      (response) => {
        response.destroy()
        resolve(response.statusCode ?? 0)
      },
    )
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })))
    request.on('error', (error: Error & { code?: string }) =>
      reject(new Error(error.code === 'timeout' ? 'timeout' : 'no-connection')),
    )
    request.end(body)
  })
}

async function deliver(
  subscription: StoredSubscription,
  secrets: readonly string[],
  change: StatusChange,
  options: Required<NotifyOptions>,
): Promise<Delivery> {
  const body = JSON.stringify(eventFor(change, publicView(subscription), options.siteUrl))
  const result: Delivery = {
    id: subscription.id,
    url: subscription.url,
    event: change.id,
    type: change.type,
    ok: false,
    attempts: 0,
  }
  const url = new URL(subscription.url)
  for (;;) {
    result.attempts++
    let retry = true
    // Where it leads now, not only when it was subscribed: a name may have been pointed inside since.
    const checked = await destination(url, options.destinations)
    if (!checked.ok) {
      delete result.status
      result.error = `refused: ${checked.reason}`
      return result
    }
    try {
      const status = await post(
        url,
        checked.address,
        {
          'Content-Type': 'application/json',
          'User-Agent': 'rasid-status/1',
          'Rasid-Event-Id': change.id,
          'Rasid-Event-Type': change.type,
          'Rasid-Delivery-Attempt': String(result.attempts),
          'Rasid-Signature': statusSignature(secrets, body, Math.floor(options.now() / 1000)),
        },
        body,
        options.timeoutMs,
      )
      result.status = status
      if (status >= 200 && status < 300) {
        result.ok = true
        delete result.error
        return result
      }
      // A redirect is a failure: following it would send the event to another host.
      result.error = `status ${status}`
      retry = status >= 500 || status === 429 || status === 408
    } catch (err) {
      // Only whether it answered: never what the network said (a port and host oracle).
      delete result.status
      result.error = (err as Error).message === 'timeout' ? 'timeout' : 'no-connection'
    }
    if (!retry || result.attempts >= options.maxAttempts) return result
    await sleep(options.retryDelayMs * 2 ** (result.attempts - 1))
  }
}

/**
 * Tells each subscription the incidents opened, updated or resolved (and the maintenance scheduled
 * or cancelled) between `before` and `after`, if any of their components is its: one POST per event
 * and subscription, in order per subscription, all subscriptions at once. Up to 3 attempts on a
 * network error, a timeout, 5xx, 408 or 429. Returns each delivery's outcome; a failed one never
 * throws (reading the subscriptions may, as any store read).
 */
export async function notifyIncidentChange(
  store: StatusStore,
  before: StatusDocument | undefined,
  after: StatusDocument,
  options: NotifyOptions,
): Promise<Delivery[]> {
  const changes = statusChanges(before, after)
  if (!changes.length) return []
  const subscriptions = parse(await store.read(subscriptionsKey), store.where(subscriptionsKey))
  const settings = {
    siteUrl: options.siteUrl.replace(/\/$/, ''),
    now: options.now ?? Date.now,
    destinations: options.destinations ?? {},
    timeoutMs: options.timeoutMs ?? 5000,
    maxAttempts: options.maxAttempts ?? 3,
    retryDelayMs: options.retryDelayMs ?? 1000,
  }
  const perSubscription = await Promise.all(
    subscriptions.map(async (s) => {
      const out: Delivery[] = []
      const mine = changes.filter((change) => matches(s, change))
      if (!mine.length) return out
      const keys = liveKeys(s.secrets, settings.now())
      let secrets: string[]
      try {
        secrets = await Promise.all(keys.map((k) => ('plain' in k ? k.plain : sealerOf(store).open(k.sealed, s.id))))
      } catch {
        // Not sent unsigned: the delivery says the secret could not be opened (the key, or its grant).
        return mine.map(
          (change): Delivery => ({
            id: s.id,
            url: s.url,
            event: change.id,
            type: change.type,
            ok: false,
            error: 'secret-sealed',
            attempts: 0,
          }),
        )
      }
      for (const change of mine) out.push(await deliver(s, secrets, change, settings))
      return out
    }),
  )
  return perSubscription.flat()
}
