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
//   subscriptions
//   unsubscribe <id>
//   probe [--site URL] [--api URL] [--payment URL] [--every SECONDS] [--timeout MS]
//
// Times (`--at`, `--from`, `--to`) are the market's wall clock (`--market`, default sa), stored in
// UTC. Output in English, or Arabic with `--lang ar` (STATUS_LANG, RASID_LANG). The arguments are
// read, and failures said in one line, by the commands' shared helper (api/server/cli.ts): exit 0
// done, 1 refused or failed (the reason in one line), 2 wrong usage (`--help` lists the commands).
import { userInfo } from 'node:os'
import { S3Client } from '@aws-sdk/client-s3'
import { impacts, type Impact, type Stage, stages } from '../api/contract/status'
import { parseCommand, type Resources, runCommand } from '../api/server/cli'
import { markets, site } from '../site.config'
import { checkEndpoint } from './lib/endpoint'
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
import {
  type Delivery,
  listSubscriptions,
  notifyIncidentChange,
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
  subscriptions
  unsubscribe <id>
  probe [--site URL] [--api URL] [--payment URL] [--every SECONDS] [--timeout MS]`
const marketCodes = markets.map((m) => m.code).join('|')
const synopsis =
  'Usage: npm run status -- show | incident open|update|resolve | maintenance schedule|cancel | restore | subscribe | subscriptions | unsubscribe | probe [options]'

const cmd = parseCommand({
  script: 'status',
  langEnv: 'STATUS_LANG',
  usage: {
    en: `${synopsis}

${forms}

Where: the bucket --bucket (SITE_BUCKET; --endpoint or S3_ENDPOINT for a local S3), else the folder
--dir (STATUS_DIR, default .status/, which npm run preview serves). Times (--at, --from, --to):
YYYY-MM-DD HH:MM in the market's time (--market ${marketCodes}, default sa). --by: who made the change
(DEPLOY_BY, else the user). --lang ar (STATUS_LANG, RASID_LANG): the output in Arabic.
Exit codes: 0 done, 1 refused or failed (the reason in one line), 2 wrong usage. docs/status.md`,
    ar: `الاستخدام: npm run status -- show | incident open|update|resolve | maintenance schedule|cancel | restore | subscribe | subscriptions | unsubscribe | probe [options]

${forms}

الوجهة: الحاوية المحددة في \u200E--bucket (أو SITE_BUCKET، ومعها \u200E--endpoint أو S3_ENDPOINT لخادم S3 محلي)،
وإلا فالمجلد المحدد في \u200E--dir (أو STATUS_DIR، وافتراضيًا \u200E.status/ الذي يعرضه npm run preview). الأوقات
(\u200E--at و\u200E--from و\u200E--to) بالشكل YYYY-MM-DD HH:MM بتوقيت السوق (\u200E--market ${marketCodes}، وافتراضيًا sa).
\u200E--by: من أجرى التغيير (أو DEPLOY_BY، وإلا اسم المستخدم). \u200E--lang ar (أو STATUS_LANG أو RASID_LANG): المخرجات بالعربية.
رموز الخروج: 0 تم التنفيذ، 1 رُفض الأمر أو تعذّر (والسبب في سطر واحد)، 2 استخدام خاطئ. docs/status.md`,
  },
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
    subscribe: { options: ['url', 'component', 'language'] },
    subscriptions: {},
    unsubscribe: { args: ['id?'] },
    probe: { options: ['site', 'api', 'payment', 'every', 'timeout'] },
  },
})
const { values, lang } = cmd
const t = (en: string, ar: string) => (lang === 'ar' ? ar : en)

const bucket = values.bucket ?? process.env.SITE_BUCKET
const endpoint = values.endpoint ?? process.env.S3_ENDPOINT
const folder = (values.dir ?? process.env.STATUS_DIR) || '.status'
/** Where a write went, for the result line: a folder is named as one, with why it was not the bucket. */
const written = bucket
  ? t(`written to the bucket ${bucket}`, `وكُتب في الحاوية ${bucket}`)
  : t(
      `written to the folder ${folder.replace(/\/*$/, '/')} (no bucket given: --bucket or SITE_BUCKET)`,
      `وكُتب في المجلد \u200E${folder.replace(/\/*$/, '/')} (لم تُحدَّد حاوية: \u200E--bucket أو SITE_BUCKET)`,
    )

function storeOf(): StatusStore {
  if (bucket) {
    const client = new S3Client({
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      region: process.env.AWS_REGION ?? 'me-south-1',
    })
    return s3Store(client, bucket)
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
function report(deliveries: readonly Delivery[]) {
  for (const d of deliveries)
    (d.ok ? console.log : console.error)(
      d.ok
        ? t(`Sent ${d.type} to ${d.id} (${d.url}).`, `أُرسل ${d.type} إلى ${d.id} (\u200E${d.url}).`)
        : t(
            `Not delivered: ${d.type} to ${d.id} (${d.url}) after ${d.attempts} attempts: ${d.error}.`,
            `لم يُسلَّم ${d.type} إلى ${d.id} (\u200E${d.url}) (المحاولات: ${d.attempts}): ${d.error}.`,
          ),
    )
}

/** `show` on a document it cannot read: what is wrong, and how to restore the last good revision. */
function unreadableText(where: string, reason: string, last: HistoryEntry | undefined, lang: 'en' | 'ar'): string {
  if (lang === 'ar')
    return last
      ? `تعذّرت قراءة مستند الحالة \u200E${where}: ${reason}.\nأحدث مدخل مقروء في السجل هو المراجعة ${last.revision} (${last.at}، ${last.action}${last.by ? `، ${last.by}` : ''}).\nللاستعادة: npm run status -- restore ${last.revision}\n(وأي تغيير تاليًا بهذا الأمر يُبنى عليها أيضًا، ولا يُعاد كتابة شيء من السجل.)`
      : `تعذّرت قراءة مستند الحالة \u200E${where}: ${reason}.\nلا يحوي السجل مدخلًا مقروءًا؛ أول تغيير بهذا الأمر يبدأ مستندًا فارغًا.`
  return last
    ? `The status document ${where} is unreadable: ${reason}.\nThe newest readable history entry is revision ${last.revision} (${last.at}, ${last.action}${last.by ? `, by ${last.by}` : ''}).\nTo restore it: npm run status -- restore ${last.revision}\n(The next change made with this command also continues from it; no history entry is rewritten.)`
    : `The status document ${where} is unreadable: ${reason}.\nThe history has no readable entry; the next change made with this command starts an empty document.`
}

const oneOf = <T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T => {
  if (value && (allowed as readonly string[]).includes(value)) return value as T
  throw new StatusInputError({
    en: `--${name} must be one of ${allowed.join(', ')}${value ? ` (not "${value}")` : ''}.`,
    ar: `يجب أن يكون \u200E--${name} واحدًا من ${allowed.join('، ')}${value ? ` (لا «${value}»)` : ''}.`,
  })
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
    report(await notifyIncidentChange(store, result.before, result.doc, { siteUrl: site.origin }))
    return result
  }
  const needId = () => {
    if (target) return target
    const lists = group === 'unsubscribe' ? 'subscriptions' : 'show'
    throw new StatusInputError({
      en: `Name the ${group}: npm run status -- ${cmd.command} <id> (npm run status -- ${lists} lists them).`,
      ar: `اذكر المعرّف: npm run status -- ${cmd.command} <id> (يعرضها npm run status -- ${lists}).`,
    })
  }

  if (cmd.command === 'show') {
    const stored = await inspect(store)
    console.error(
      bucket
        ? t(`Read from the bucket ${bucket}.`, `قُرئ من الحاوية ${bucket}.`)
        : t(
            `Read from the folder ${folder.replace(/\/*$/, '/')} (no bucket given: --bucket or SITE_BUCKET).`,
            `قُرئ من المجلد \u200E${folder.replace(/\/*$/, '/')} (لم تُحدَّد حاوية: \u200E--bucket أو SITE_BUCKET).`,
          ),
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
    if (!cmd.args[0] || !/^\d+$/.test(cmd.args[0]))
      throw new StatusInputError({
        en: 'Name the revision to restore: npm run status -- restore <revision> (npm run status -- show names the newest readable one).',
        ar: 'اذكر المراجعة المراد استعادتها: npm run status -- restore <revision> (يذكر npm run status -- show أحدث مراجعة مقروءة).',
      })
    const { doc, from } = await restore(store, revision, { by, timeZone: zone, siteUrl: site.origin })
    console.log(
      t(
        `Restored revision ${from.revision} (${from.at}, ${from.action}) as revision ${doc.revision}, ${written}.`,
        `استُعيدت المراجعة ${from.revision} (${from.at}، ${from.action}) بوصفها المراجعة ${doc.revision}، ${written}.`,
      ),
    )
    return 0
  }
  if (cmd.command === 'subscribe') {
    if (!values.url)
      throw new StatusInputError({
        en: 'Give the endpoint: npm run status -- subscribe --url https://… [--component …] [--language en|ar|both].',
        ar: 'حدّد نقطة الاستقبال: npm run status -- subscribe --url https://… [--component …] [--language en|ar|both].',
      })
    const { subscription, secret } = await subscribe(store, {
      url: values.url,
      components: values.component === undefined ? 'all' : values.component === 'all' ? 'all' : components,
      lang: values.language,
      by,
    })
    console.log(
      t(
        `Subscribed ${subscription.id}: ${subscription.url}, ${subscription.components === 'all' ? 'every component' : subscription.components.join(', ')}, ${subscription.lang}; ${written}.`,
        `اشتُرك ${subscription.id}: \u200E${subscription.url}، ${subscription.components === 'all' ? 'كل المكوّنات' : subscription.components.join('، ')}، ${subscription.lang}؛ ${written}.`,
      ),
    )
    console.log(
      t(
        `Signing secret (shown this once; the endpoint verifies Rasid-Signature with it, docs/status-api.md): ${secret}`,
        `سر التوقيع (يظهر هذه المرة فقط؛ تتحقق به نقطة الاستقبال من Rasid-Signature، docs/status-api.md): ${secret}`,
      ),
    )
    return 0
  }
  if (cmd.command === 'subscriptions') {
    const list = await listSubscriptions(store)
    if (!list.length) console.log(t('No subscriptions.', 'لا اشتراكات.'))
    for (const s of list)
      console.log(
        `${s.id} ${s.url} ${s.components === 'all' ? 'all' : s.components.join(',')} ${s.lang} ${s.createdAt} ${s.createdBy}`,
      )
    return 0
  }
  if (cmd.command === 'unsubscribe') {
    const id = needId()
    const gone = await unsubscribe(store, id)
    console.log(
      t(
        `Unsubscribed ${gone.id} (${gone.url}), ${written}.`,
        `أُلغي الاشتراك ${gone.id} (\u200E${gone.url})، ${written}.`,
      ),
    )
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
    console.log(
      t(
        `Opened incident ${id} (revision ${doc.revision}), ${written}.`,
        `فُتح الحادث ${id} (المراجعة ${doc.revision})، ${written}.`,
      ),
    )
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
        ? t(
            `Resolved incident ${id} (revision ${doc.revision}), ${written}.`,
            `حُلّ الحادث ${id} (المراجعة ${doc.revision})، ${written}.`,
          )
        : t(
            `Updated incident ${id}: ${stage} (revision ${doc.revision}), ${written}.`,
            `حُدّث الحادث ${id}: ${stage} (المراجعة ${doc.revision})، ${written}.`,
          ),
    )
    return 0
  }
  if (cmd.command === 'maintenance schedule') {
    if (!values.from || !values.to)
      throw new StatusInputError({
        en: 'A maintenance needs --from and --to (YYYY-MM-DD HH:MM, the market time).',
        ar: 'تحتاج الصيانة إلى \u200E--from و\u200E--to (YYYY-MM-DD HH:MM بتوقيت السوق).',
      })
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
    console.log(
      t(
        `Scheduled maintenance ${id} (revision ${doc.revision}), ${written}.`,
        `جُدولت الصيانة ${id} (المراجعة ${doc.revision})، ${written}.`,
      ),
    )
    return 0
  }
  if (cmd.command === 'maintenance cancel') {
    const id = needId()
    const { doc } = await write({
      action: `maintenance cancel ${id}`,
      apply: (d, now) => cancelMaintenance(d, id, { text, at: now }),
    })
    console.log(
      t(
        `Cancelled maintenance ${id} (revision ${doc.revision}), ${written}.`,
        `أُلغيت الصيانة ${id} (المراجعة ${doc.revision})، ${written}.`,
      ),
    )
    return 0
  }
  // probe
  const targets = {
    site: values.site ?? process.env.PROBE_SITE_URL,
    api: values.api ?? process.env.PROBE_API_URL,
    payment: values.payment ?? process.env.PROBE_PAYMENT_URL,
  }
  if (!targets.site && !targets.api && !targets.payment)
    throw new StatusInputError({
      en: 'Nothing to probe: give --site, --api and/or --payment (or PROBE_SITE_URL, PROBE_API_URL, PROBE_PAYMENT_URL).',
      ar: 'لا شيء لفحصه: حدّد \u200E--site و/أو \u200E--api و/أو \u200E--payment (أو PROBE_SITE_URL وPROBE_API_URL وPROBE_PAYMENT_URL).',
    })
  const every = values.every ? Number(values.every) : 0
  if (values.every && !(every >= minEverySeconds))
    throw new StatusInputError({
      en: `--every must be at least ${minEverySeconds} seconds (not "${values.every}"): each run counts one measured minute.`,
      ar: `يجب ألا يقل \u200E--every عن ${minEverySeconds} ثانية (لا «${values.every}»): كل فحص يُحسب دقيقة مقيسة واحدة.`,
    })
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
        `${stamp} ${r.component} ${r.ok ? t('up', 'يعمل') : t('DOWN', 'متوقف')} ${Math.round(r.ms ?? 0)} ms${r.detail ? ` ${r.detail}` : ''}`,
      )
    console.log(t(`Recorded (revision ${doc.revision}), ${written}.`, `سُجّل (المراجعة ${doc.revision})، ${written}.`))
    if (!(every > 0)) return results.every((r) => r.ok) ? 0 : 1
    await new Promise((ok) => setTimeout(ok, every * 1000))
  }
}

void runCommand(cmd, main, { about })
