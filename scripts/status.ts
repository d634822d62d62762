// `npm run status -- <command>` (docs/status.md): what operations say on the status page during an
// incident, without a build or a deploy. It writes the status document and its feeds to the site's
// bucket (`--bucket`/SITE_BUCKET, `--endpoint` for a local S3) or to a folder (`--dir`/STATUS_DIR,
// default `.status/`, which `npm run preview` serves).
//
//   show [--json]
//   incident open --component api,checkout --impact degraded|partial|major
//                 --title-en … --title-ar … --text-en … --text-ar … [--stage …] [--at …] [--id …]
//   incident update <id> --stage identified|monitoring --text-en … --text-ar … [--impact …] [--at …]
//   incident resolve <id> --text-en … --text-ar … [--at …]
//   maintenance schedule --component payouts --from … --to … --title-en … --title-ar … --text-en … --text-ar …
//   maintenance cancel <id> --text-en … --text-ar …
//   restore <revision>
//   subscribe --url https://… [--component api,checkout|all] [--language en|ar|both]
//   subscribe --rotate <id> [--overlap-hours 24]
//   subscriptions
//   unsubscribe <id>
//   probe [--site URL] [--api URL] [--payment URL] [--every SECONDS] [--timeout MS]
//
// Times (`--at`, `--from`, `--to`) are the market's wall clock (`--market`, default sa), stored in
// UTC. Output in English, or Arabic with `--lang ar` (STATUS_LANG, RASID_LANG). The arguments are
// read, and failures said in one line, by the commands' shared helper (scripts/lib/cli/command.ts): exit 0
// done, 1 refused or failed (the reason in one line), 2 wrong usage (`--help` lists the commands).
import { userInfo } from 'node:os'
import { KMSClient } from '@aws-sdk/client-kms'
import { S3Client } from '@aws-sdk/client-s3'
import { impacts, type Impact, type Stage, stages } from '../api/contract/status'
import { parseCommand, type Resources, runCommand } from './lib/cli/command'
import { markets } from '../api/contract/markets'
import { site } from '../site.config'
import { checkEndpoint } from './lib/endpoint'
import { listed, words } from './lib/cli/words'
import { parseTime, showText, zoneOf } from './lib/statusCli'
import {
  cancelMaintenance,
  openIncident,
  resolveIncident,
  scheduleMaintenance,
  StatusInputError,
  updateIncident,
} from '../api/status/doc'
import { probeAndRecord } from '../api/status/probe'
import { kmsSealer } from '../api/status/sealing'
import {
  type Delivery,
  listSubscriptions,
  notifyIncidentChange,
  rotateSecret,
  subscribe,
  unsubscribe,
} from '../api/status/subscriptions'
import {
  type Change,
  folderStore,
  type HistoryEntry,
  inspect,
  keys,
  mutate,
  restore,
  s3Store,
  type StatusStore,
  StatusUnreadableError,
} from '../api/status/store'
import type { Locale } from '../locales/locales'

/** The stages an update posts; `resolved` is the resolve command's. */
const updateStages = stages.filter((s) => s !== 'resolved')
/** The probe's shortest period: each run counts one minute in the bars. */
const minEverySeconds = 60

const forms = `  show [--json]
  incident open --component api,checkout --impact ${impacts.join('|')}
                --title-en … --title-ar … --text-en … --text-ar … [--stage …] [--at …] [--id …]
  incident update <id> --stage ${updateStages.join('|')} --text-en … --text-ar …
                [--impact …] [--component …] [--at …]
  incident resolve <id> --text-en … --text-ar … [--at …]
  maintenance schedule --component payouts --from … --to … --title-en … --title-ar …
                --text-en … --text-ar … [--id …]
  maintenance cancel <id> --text-en … --text-ar …
  restore <revision>
  subscribe --url https://… [--component api,checkout|all] [--language en|ar|both]
  subscribe --rotate <id> [--overlap-hours 24]
  subscriptions
  unsubscribe <id>
  probe [--site URL] [--api URL] [--payment URL] [--every SECONDS] [--timeout MS]`
const marketCodes = markets.map((m) => m.code).join('|')

const cmd = parseCommand({
  script: 'status',
  langEnv: 'STATUS_LANG',
  usage: words('status.usage', { forms, markets: marketCodes }),
  options: {
    bucket: { type: 'string' },
    endpoint: { type: 'string' },
    dir: { type: 'string' },
    market: { type: 'string', default: 'sa' },
    json: { type: 'boolean' },
    id: { type: 'string' },
    component: { type: 'string' },
    impact: { type: 'string' },
    stage: { type: 'string' },
    at: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    'title-en': { type: 'string' },
    'title-ar': { type: 'string' },
    'text-en': { type: 'string' },
    'text-ar': { type: 'string' },
    site: { type: 'string' },
    api: { type: 'string' },
    payment: { type: 'string' },
    every: { type: 'string' },
    timeout: { type: 'string' },
    by: { type: 'string' },
    url: { type: 'string' },
    language: { type: 'string' },
    rotate: { type: 'string' },
    'overlap-hours': { type: 'string' },
  },
  global: ['bucket', 'endpoint', 'dir', 'market', 'by'],
  commands: {
    show: { options: ['json'] },
    'incident open': {
      options: ['component', 'impact', 'stage', 'at', 'id', 'title-en', 'title-ar', 'text-en', 'text-ar'],
    },
    'incident update': { args: ['id?'], options: ['stage', 'text-en', 'text-ar', 'impact', 'component', 'at'] },
    'incident resolve': { args: ['id?'], options: ['text-en', 'text-ar', 'at'] },
    'maintenance schedule': {
      options: ['component', 'from', 'to', 'title-en', 'title-ar', 'text-en', 'text-ar', 'id'],
    },
    'maintenance cancel': { args: ['id?'], options: ['text-en', 'text-ar'] },
    restore: { args: ['revision?'] },
    subscribe: { options: ['url', 'component', 'language', 'rotate', 'overlap-hours'] },
    subscriptions: {},
    unsubscribe: { args: ['id?'] },
    probe: { options: ['site', 'api', 'payment', 'every', 'timeout'] },
  },
})
const { values, lang } = cmd
/** The message `id` in the operator's language. */
const t = (id: Parameters<typeof words>[0], values: Parameters<typeof words>[1] = {}) => words(id, values)[lang]

const bucket = values.bucket ?? process.env.SITE_BUCKET
const endpoint = values.endpoint ?? process.env.S3_ENDPOINT
const folder = (values.dir ?? process.env.STATUS_DIR) || '.status'
/** Where a write went, for the result line: a folder is named as one, with why it was not the bucket. */
const written = bucket
  ? t('status.written.bucket', { bucket })
  : t('status.written.folder', { folder: folder.replace(/\/*$/, '/') })

function storeOf(): StatusStore {
  if (bucket) {
    const region = process.env.AWS_REGION ?? 'me-south-1'
    const client = new S3Client({ ...(endpoint ? { endpoint, forcePathStyle: true } : {}), region })
    // Subscribers' secrets are sealed with the status key of KMS (api/status/sealing.ts): without
    // it a bucket's subscriptions refuse to sign, naming STATUS_KMS_KEY. A local KMS: AWS_ENDPOINT_URL_KMS.
    const kmsKey = process.env.STATUS_KMS_KEY?.trim()
    const sealer = kmsKey ? kmsSealer(new KMSClient({ region }), kmsKey) : undefined
    return s3Store(client, bucket, undefined, { sealer })
  }
  return folderStore(folder)
}

/** What a failure names: the bucket and the endpoint, with the settings that chose them. */
const about = (): Resources =>
  bucket
    ? {
        bucket: { name: bucket, settings: ['--bucket', 'SITE_BUCKET'] },
        ...(endpoint ? { endpoint: { url: endpoint, settings: ['--endpoint', 'S3_ENDPOINT'] } } : {}),
      }
    : {}

/** One line per delivery to a subscription: sent, or why not (never the secret). */
/** Where subscriptions may lead: public https hosts, and this machine only when asked for by name (api/status/destinations.ts). */
const destinations = { allowLoopback: process.env.STATUS_SUBSCRIPTIONS_ALLOW_LOOPBACK === '1' }

function report(deliveries: readonly Delivery[]) {
  for (const d of deliveries)
    (d.ok ? console.log : console.error)(
      d.ok
        ? t('status.delivery.sent', { type: d.type, id: d.id, url: d.url })
        : t('status.delivery.failed', {
            type: d.type,
            id: d.id,
            url: d.url,
            attempts: d.attempts,
            error: String(d.error),
          }),
    )
}

/** `show` on a document it cannot read: what is wrong, and how to restore the last good revision. */
function unreadableText(where: string, reason: string, last: HistoryEntry | undefined, lang: Locale): string {
  if (!last) return words('status.unreadable.empty', { where, reason })[lang]
  const entry = words(last.by ? 'status.history.entryBy' : 'status.history.entry', {
    at: last.at,
    action: last.action,
    by: last.by ?? '',
  })
  return words('status.unreadable.restore', { where, reason, revision: last.revision, entry: entry[lang] })[lang]
}

const oneOf = <T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T => {
  if (value && (allowed as readonly string[]).includes(value)) return value as T
  throw new StatusInputError(
    words(value ? 'status.oneOfNot' : 'status.oneOf', (l) => ({
      name,
      allowed: listed(allowed, l),
      value: value ?? '',
    })),
  )
}

async function main(): Promise<number> {
  if (endpoint) checkEndpoint(values.endpoint === undefined ? 'S3_ENDPOINT' : '--endpoint', endpoint)
  const [group, action] = cmd.command.split(' ')
  const target = cmd.args[0]
  const store = storeOf()
  const zone = zoneOf(values.market!)
  const at = () => (values.at ? parseTime(values.at, zone) : Date.now())
  const title = { en: values['title-en'], ar: values['title-ar'] }
  const text = { en: values['text-en'], ar: values['text-ar'] }
  const components = (values.component ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
  const by = values.by ?? process.env.DEPLOY_BY ?? userInfo().username
  /** Writes the change, then tells the subscriptions what it opened, updated, resolved, scheduled or cancelled. */
  const write = async (change: Omit<Change, 'by'>) => {
    const result = await mutate(store, { ...change, by }, { timeZone: zone, siteUrl: site.origin })
    if (result.reset) console.error(result.reset[lang])
    report(await notifyIncidentChange(store, result.before, result.doc, { siteUrl: site.origin, destinations }))
    return result
  }
  const needId = () => {
    if (target) return target
    const what =
      group === 'incident'
        ? 'status.needId.incident'
        : group === 'maintenance'
          ? 'status.needId.maintenance'
          : 'status.needId.subscription'
    throw new StatusInputError(words(what, { command: cmd.command }))
  }

  if (cmd.command === 'show') {
    const stored = await inspect(store)
    console.error(
      bucket ? t('status.read.bucket', { bucket }) : t('status.read.folder', { folder: folder.replace(/\/*$/, '/') }),
    )
    if (stored.state === 'unreadable') {
      console.log(unreadableText(store.where(keys.document), stored.reason, stored.lastGood, lang))
      return 1
    }
    const doc = stored.state === 'ok' ? stored.doc : undefined
    console.log(values.json ? JSON.stringify(doc ?? null, null, 2) : showText(doc, lang, Date.now()))
    return 0
  }
  if (cmd.command === 'restore') {
    const revision = Number(cmd.args[0])
    if (!cmd.args[0] || !/^\d+$/.test(cmd.args[0])) throw new StatusInputError(words('status.restore.needRevision'))
    const { doc, from } = await restore(store, revision, { by, timeZone: zone, siteUrl: site.origin })
    const entry = t('status.history.entry', { at: from.at, action: from.action })
    console.log(t('status.restored', { from: from.revision, entry, revision: doc.revision, written }))
    return 0
  }
  if (cmd.command === 'subscribe' && values.rotate !== undefined) {
    const hours = values['overlap-hours']
    const overlapMs = hours === undefined ? undefined : /^\d+(\.\d+)?$/.test(hours) ? Number(hours) * 3_600_000 : -1
    const { subscription, secret, until } = await rotateSecret(store, values.rotate, { overlapMs })
    console.log(t('status.rotated', { id: subscription.id, url: subscription.url, until, written }))
    console.log(t('status.subscribed.secret', { secret }))
    return 0
  }
  if (cmd.command === 'subscribe') {
    if (!values.url) throw new StatusInputError(words('status.subscribe.needUrl'))
    const { subscription, secret } = await subscribe(store, {
      url: values.url,
      components: values.component === undefined ? 'all' : values.component === 'all' ? 'all' : components,
      lang: values.language,
      by,
      destinations,
    })
    console.log(
      t('status.subscribed', {
        id: subscription.id,
        url: subscription.url,
        components:
          subscription.components === 'all' ? t('status.subscribed.all') : listed(subscription.components, lang),
        language: subscription.lang,
        written,
      }),
    )
    console.log(t('status.subscribed.secret', { secret }))
    return 0
  }
  if (cmd.command === 'subscriptions') {
    const list = await listSubscriptions(store)
    if (!list.length) console.log(t('status.subscriptions.none'))
    for (const s of list)
      console.log(
        `${s.id} ${s.url} ${s.components === 'all' ? 'all' : s.components.join(',')} ${s.lang} ${s.createdAt} ${s.createdBy}`,
      )
    return 0
  }
  if (cmd.command === 'unsubscribe') {
    const id = needId()
    const gone = await unsubscribe(store, id)
    console.log(t('status.unsubscribed', { id: gone.id, url: gone.url, written }))
    return 0
  }
  if (cmd.command === 'incident open') {
    const impact = oneOf<Impact>('impact', values.impact, impacts)
    const stage = values.stage ? oneOf<Stage>('stage', values.stage, stages) : undefined
    const when = at()
    let id = ''
    const { doc } = await write({
      action: 'incident open',
      apply: (d) => {
        const r = openIncident(d, { id: values.id, impact, components, title, text, stage, at: when })
        id = r.id
        return r.doc
      },
    })
    console.log(t('status.incident.opened', { id, revision: doc.revision, written }))
    return 0
  }
  if (cmd.command === 'incident update' || cmd.command === 'incident resolve') {
    const id = needId()
    const when = at()
    const stage = action === 'resolve' ? 'resolved' : oneOf<Stage>('stage', values.stage, updateStages)
    const impact = values.impact ? oneOf<Impact>('impact', values.impact, impacts) : undefined
    const { doc } = await write({
      action: `incident ${action} ${id}`,
      apply: (d) =>
        action === 'resolve'
          ? resolveIncident(d, id, { text, at: when })
          : updateIncident(d, id, {
              stage,
              text,
              at: when,
              impact,
              components: components.length ? components : undefined,
            }),
    })
    console.log(
      action === 'resolve'
        ? t('status.incident.resolved', { id, revision: doc.revision, written })
        : t('status.incident.updated', { id, stage, revision: doc.revision, written }),
    )
    return 0
  }
  if (cmd.command === 'maintenance schedule') {
    if (!values.from || !values.to) throw new StatusInputError(words('status.maintenance.needTimes'))
    const from = parseTime(values.from, zone)
    const to = parseTime(values.to, zone)
    let id = ''
    const { doc } = await write({
      action: 'maintenance schedule',
      apply: (d, now) => {
        const r = scheduleMaintenance(d, { id: values.id, components, from, to, title, text, now })
        id = r.id
        return r.doc
      },
    })
    console.log(t('status.maintenance.scheduled', { id, revision: doc.revision, written }))
    return 0
  }
  if (cmd.command === 'maintenance cancel') {
    const id = needId()
    const { doc } = await write({
      action: `maintenance cancel ${id}`,
      apply: (d, now) => cancelMaintenance(d, id, { text, at: now }),
    })
    console.log(t('status.maintenance.cancelled', { id, revision: doc.revision, written }))
    return 0
  }
  // probe
  const targets = {
    site: values.site ?? process.env.PROBE_SITE_URL,
    api: values.api ?? process.env.PROBE_API_URL,
    payment: values.payment ?? process.env.PROBE_PAYMENT_URL,
  }
  if (!targets.site && !targets.api && !targets.payment) throw new StatusInputError(words('status.probe.nothing'))
  const every = values.every ? Number(values.every) : 0
  if (values.every && !(every >= minEverySeconds))
    throw new StatusInputError(words('status.probe.every', { min: minEverySeconds, value: values.every }))
  const timeoutMs = values.timeout ? Number(values.timeout) : 10_000
  for (;;) {
    const stamp = new Date().toISOString()
    let run: Awaited<ReturnType<typeof probeAndRecord>>
    try {
      run = await probeAndRecord(store, targets, { timeoutMs, timeZone: zone, siteUrl: site.origin })
    } catch (err) {
      // A document it cannot read: said every run, nothing written, until an operator restores it.
      if (!(err instanceof StatusUnreadableError) || !(every > 0)) throw err
      console.error(`${stamp} ${err.text[lang]}`)
      await new Promise((ok) => setTimeout(ok, every * 1000))
      continue
    }
    const { results, doc } = run
    for (const r of results)
      console.log(
        `${stamp} ${r.component} ${t(r.ok ? 'status.probe.up' : 'status.probe.down')} ${Math.round(r.ms ?? 0)} ms${r.detail ? ` ${r.detail}` : ''}`,
      )
    console.log(t('status.probe.recorded', { revision: doc.revision, written }))
    if (!(every > 0)) return results.every((r) => r.ok) ? 0 : 1
    await new Promise((ok) => setTimeout(ok, every * 1000))
  }
}

void runCommand(cmd, main, { about })
