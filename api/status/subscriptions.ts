// Webhook subscriptions to incidents (docs/status-api.md): an operator registers an integrator's or
// an on-call tool's HTTPS endpoint, with the components it cares about and its language, and each
// incident opened, updated or resolved on the status page (and each maintenance scheduled or
// cancelled) is POSTed to it as JSON, signed as the site's own webhooks are (`Rasid-Signature`).
// The subscriptions sit in the status store's private history (`history/subscriptions.json`:
// `status-history/` in the bucket, which no viewer reaches), changed with the store's conditional
// writes, so two operators subscribing at once both land. Each has a signing secret, shown once
// when it is created and never listed or logged. A refusal's words are the operators' catalog's
// (locales/operator/api.<lang>.json).
import { createHash, createHmac, randomBytes } from 'node:crypto'
import * as v from 'valibot'
import { type OperatorId, operatorList, operatorText } from '../../locales/operator'
import {
  type Bilingual,
  type ComponentKey,
  componentKeys,
  type Impact,
  type Incident,
  isOpen,
  type Maintenance,
  type Stage,
  type StatusDocument,
  statusPaths,
} from '../contract/status'
import { type DestinationRules, destination, type Refusal } from './destinations'
import { StatusInputError } from './doc'
import { PreconditionFailed, type StatusStore } from './store'
import { monitoringUrls } from './summary'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

/** Where the subscriptions are kept in the store: private, beside the history. */
export const subscriptionsKey = 'history/subscriptions.json'

const subscriptionLangs = ['en', 'ar', 'both'] as const
type SubscriptionLang = (typeof subscriptionLangs)[number]

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

const Stored = v.strictObject({
  schema: v.picklist([1]),
  subscriptions: v.array(
    v.strictObject({
      id: v.pipe(v.string(), v.regex(/^sub_[0-9a-f]{16}$/)),
      url: v.string(),
      components: v.union([v.literal('all'), v.array(v.picklist(componentKeys))]),
      lang: v.picklist(subscriptionLangs),
      createdAt: v.string(),
      createdBy: v.string(),
      secret: v.pipe(v.string(), v.regex(/^whsec_[0-9a-f]{64}$/)),
    }),
  ),
})
type StoredSubscription = v.InferOutput<typeof Stored>['subscriptions'][number]

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

const publicView = ({ secret: _, ...s }: StoredSubscription): Subscription => s

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
  return parsed.output.subscriptions
}

/**
 * Reads the subscriptions, applies `apply` and writes the list only over the version read; when
 * another operator wrote in between, reads again and applies it again (as ./store.ts `mutate`).
 */
async function change<T>(
  store: StatusStore,
  apply: (list: StoredSubscription[]) => { list: StoredSubscription[]; result: T },
): Promise<T> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const current = await store.read(subscriptionsKey)
    const { list, result } = apply(parse(current, store.where(subscriptionsKey)))
    const body = `${JSON.stringify({ schema: 1, subscriptions: list }, null, 2)}\n`
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
  return change(store, (list) => {
    const same = list.find((s) => s.url === url)
    if (same) refuse('statusSubscriptions.exists', { url, id: same.id })
    const stored: StoredSubscription = {
      id: `sub_${randomBytes(8).toString('hex')}`,
      url,
      components,
      lang,
      createdAt: new Date(now).toISOString(),
      createdBy,
      secret: `whsec_${randomBytes(32).toString('hex')}`,
    }
    return { list: [...list, stored], result: { subscription: publicView(stored), secret: stored.secret } }
  })
}

/** Removes a subscription; nothing more is sent to it. Returns it as it was. */
export async function unsubscribe(store: StatusStore, id: string): Promise<Subscription> {
  const wanted = (id ?? '').trim()
  return change(store, (list) => {
    const found = list.find((s) => s.id === wanted)
    if (!found) refuse('statusSubscriptions.unknown', { id: wanted })
    return { list: list.filter((s) => s.id !== wanted), result: publicView(found!) }
  })
}

/** The subscriptions, oldest first, without their secrets. */
export async function listSubscriptions(store: StatusStore): Promise<Subscription[]> {
  return parse(await store.read(subscriptionsKey), store.where(subscriptionsKey)).map(publicView)
}

// Events

const statusEventTypes = [
  'incident.opened',
  'incident.updated',
  'incident.resolved',
  'maintenance.scheduled',
  'maintenance.cancelled',
] as const
type StatusEventType = (typeof statusEventTypes)[number]

/** What changed between two documents, one entry per update posted or maintenance scheduled or cancelled. */
type StatusChange =
  | {
      type: 'incident.opened' | 'incident.updated' | 'incident.resolved'
      id: string
      at: string
      incident: Incident
      update: Incident['updates'][number]
    }
  | { type: 'maintenance.scheduled' | 'maintenance.cancelled'; id: string; at: string; maintenance: Maintenance }

const eventId = (...parts: string[]) => `evt_${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 32)}`

/**
 * The events between `before` (undefined: no readable document before) and `after`, oldest first:
 * an incident's first update opens it, each later one updates it, and one at the stage `resolved`
 * resolves it; an incident first seen already resolved (a restore) tells nothing. Maintenance:
 * scheduled when it appears, cancelled when it gets cancelled. Each event's id depends only on what
 * it reports, so an event sent twice carries the same id.
 */
function statusChanges(before: StatusDocument | undefined, after: StatusDocument): StatusChange[] {
  const out: StatusChange[] = []
  for (const incident of after.incidents) {
    const previous = before?.incidents.find((i) => i.id === incident.id)
    if (!previous && !isOpen(incident)) continue
    const known = previous?.updates.length ?? 0
    const posted = incident.updates.slice(0, Math.max(0, incident.updates.length - known)).reverse()
    posted.forEach((update, i) => {
      const index = known + i
      const type =
        index === 0 ? 'incident.opened' : update.stage === 'resolved' ? 'incident.resolved' : 'incident.updated'
      out.push({ type, id: eventId(type, incident.id, String(index), update.at), at: update.at, incident, update })
    })
  }
  for (const m of after.maintenance) {
    const previous = before?.maintenance.find((x) => x.id === m.id)
    if (!previous && !m.cancelled && Date.parse(m.to) > Date.parse(after.updatedAt))
      out.push({
        type: 'maintenance.scheduled',
        id: eventId('maintenance.scheduled', m.id, m.from),
        at: after.updatedAt,
        maintenance: m,
      })
    if (previous && !previous.cancelled && m.cancelled)
      out.push({
        type: 'maintenance.cancelled',
        id: eventId('maintenance.cancelled', m.id, m.cancelled.at),
        at: m.cancelled.at,
        maintenance: m,
      })
  }
  return out.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
}

type Texts = Partial<Bilingual>
const inLang = (text: Bilingual, lang: SubscriptionLang): Texts =>
  lang === 'both' ? { en: text.en, ar: text.ar } : { [lang]: text[lang] }

/** The JSON an endpoint receives (docs/status-api.md, "The event"). */
export interface StatusEvent {
  /** Unique per event (not per attempt): the receiver's key to drop a duplicate. */
  id: string
  type: StatusEventType
  /** When it happened: the update's time, the cancellation's, or the write that scheduled it. */
  at: string
  subscription: string
  lang: SubscriptionLang
  incident?: {
    id: string
    impact: Impact
    components: ComponentKey[]
    stage: Stage
    title: Texts
    /** This update's text. */
    text: Texts
    startedAt: string
    url: Texts
  }
  maintenance?: {
    id: string
    components: ComponentKey[]
    from: string
    to: string
    title: Texts
    /** The announcement, or the cancellation's text. */
    text: Texts
    url: Texts
  }
  page: { url: Texts; summary: string }
}

function eventFor(change: StatusChange, subscription: Subscription, siteUrl: string): StatusEvent {
  const lang = subscription.lang
  const base = {
    id: change.id,
    type: change.type,
    at: change.at,
    subscription: subscription.id,
    lang,
  }
  const page = { url: inLang(monitoringUrls(siteUrl), lang), summary: `${siteUrl}${statusPaths.summary}` }
  if ('incident' in change) {
    const { incident, update } = change
    return {
      ...base,
      incident: {
        id: incident.id,
        impact: incident.impact,
        components: [...incident.components],
        stage: update.stage,
        title: inLang(incident.title, lang),
        text: inLang(update.text, lang),
        startedAt: incident.updates.at(-1)!.at,
        url: inLang(monitoringUrls(siteUrl, `#incident-${incident.id}`), lang),
      },
      page,
    }
  }
  const m = change.maintenance
  return {
    ...base,
    maintenance: {
      id: m.id,
      components: [...m.components],
      from: m.from,
      to: m.to,
      title: inLang(m.title, lang),
      text: inLang(change.type === 'maintenance.cancelled' && m.cancelled ? m.cancelled.text : m.text, lang),
      url: inLang(monitoringUrls(siteUrl), lang),
    },
    page,
  }
}

const componentsOf = (change: StatusChange) =>
  'incident' in change ? change.incident.components : change.maintenance.components
const matches = (subscription: Subscription, change: StatusChange) =>
  subscription.components === 'all' || componentsOf(change).some((k) => subscription.components.includes(k))

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the whole secret (`whsec_…`). */
function statusSignature(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.`).update(body).digest('hex')}`
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
          'Rasid-Signature': statusSignature(subscription.secret, body, Math.floor(options.now() / 1000)),
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
      for (const change of changes) if (matches(s, change)) out.push(await deliver(s, change, settings))
      return out
    }),
  )
  return perSubscription.flat()
}
