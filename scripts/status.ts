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
//   probe [--site URL] [--api URL] [--payment URL] [--every SECONDS] [--timeout MS]
//
// Times (`--at`, `--from`, `--to`) are the market's wall clock (`--market`, default sa), stored in
// UTC. Output in English, or Arabic with `--lang ar` (STATUS_LANG). Exit 0 done, 1 refused or
// failed (the reason printed), 2 a command it does not know.
import { userInfo } from 'node:os'
import { parseArgs } from 'node:util'
import { S3Client } from '@aws-sdk/client-s3'
import { impacts, type Impact, type Stage, stages } from '../api/contract/status'
import { site } from '../site.config'
import { type Lang, parseTime, showText, zoneOf } from './lib/statusCli'
import {
  cancelMaintenance,
  openIncident,
  resolveIncident,
  scheduleMaintenance,
  StatusInputError,
  updateIncident,
} from '../api/status/doc'
import { probeAndRecord } from '../api/status/probe'
import { type Change, folderStore, mutate, readDocument, s3Store, type StatusStore } from '../api/status/store'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    bucket: { type: 'string' },
    endpoint: { type: 'string' },
    dir: { type: 'string' },
    lang: { type: 'string' },
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
  },
})

const lang: Lang = (values.lang ?? process.env.STATUS_LANG) === 'ar' ? 'ar' : 'en'
const t = (en: string, ar: string) => (lang === 'ar' ? ar : en)

function storeOf(): StatusStore {
  const bucket = values.bucket ?? process.env.SITE_BUCKET
  if (bucket) {
    const endpoint = values.endpoint ?? process.env.S3_ENDPOINT
    const client = new S3Client({
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      region: process.env.AWS_REGION ?? 'me-south-1',
    })
    return s3Store(client, bucket)
  }
  return folderStore(values.dir ?? process.env.STATUS_DIR ?? '.status')
}

const oneOf = <T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T => {
  if (value && (allowed as readonly string[]).includes(value)) return value as T
  throw new StatusInputError({
    en: `--${name} must be one of ${allowed.join(', ')}${value ? ` (not "${value}")` : ''}.`,
    ar: `يجب أن يكون ‎--${name} واحدًا من ${allowed.join('، ')}${value ? ` (لا «${value}»)` : ''}.`,
  })
}

async function main(): Promise<number> {
  const [group, action, target] = positionals
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
  const write = async (change: Omit<Change, 'by'>) => {
    const written = await mutate(store, { ...change, by }, { timeZone: zone, siteUrl: site.origin })
    if (written.reset) console.error(written.reset[lang])
    return written
  }
  const needId = () => {
    if (target) return target
    throw new StatusInputError({
      en: `Name the ${group}: npm run status -- ${group} ${action} <id> (npm run status -- show lists them).`,
      ar: `اذكر المعرّف: npm run status -- ${group} ${action} <id> (يعرضها npm run status -- show).`,
    })
  }

  if (group === 'show') {
    const doc = await readDocument(store)
    console.log(values.json ? JSON.stringify(doc ?? null, null, 2) : showText(doc, lang, Date.now()))
    return 0
  }
  if (group === 'incident' && action === 'open') {
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
    console.log(t(`Opened incident ${id} (revision ${doc.revision}).`, `فُتح الحادث ${id} (المراجعة ${doc.revision}).`))
    return 0
  }
  if (group === 'incident' && (action === 'update' || action === 'resolve')) {
    const id = needId()
    const when = at()
    const stage = action === 'resolve' ? 'resolved' : oneOf<Stage>('stage', values.stage, stages)
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
        ? t(`Resolved incident ${id} (revision ${doc.revision}).`, `حُلّ الحادث ${id} (المراجعة ${doc.revision}).`)
        : t(
            `Updated incident ${id}: ${stage} (revision ${doc.revision}).`,
            `حُدّث الحادث ${id}: ${stage} (المراجعة ${doc.revision}).`,
          ),
    )
    return 0
  }
  if (group === 'maintenance' && action === 'schedule') {
    if (!values.from || !values.to)
      throw new StatusInputError({
        en: 'A maintenance needs --from and --to (YYYY-MM-DD HH:MM, the market time).',
        ar: 'تحتاج الصيانة إلى ‎--from و‎--to (YYYY-MM-DD HH:MM بتوقيت السوق).',
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
      t(`Scheduled maintenance ${id} (revision ${doc.revision}).`, `جُدولت الصيانة ${id} (المراجعة ${doc.revision}).`),
    )
    return 0
  }
  if (group === 'maintenance' && action === 'cancel') {
    const id = needId()
    const { doc } = await write({
      action: `maintenance cancel ${id}`,
      apply: (d, now) => cancelMaintenance(d, id, { text, at: now }),
    })
    console.log(
      t(`Cancelled maintenance ${id} (revision ${doc.revision}).`, `أُلغيت الصيانة ${id} (المراجعة ${doc.revision}).`),
    )
    return 0
  }
  if (group === 'probe') {
    const targets = {
      site: values.site ?? process.env.PROBE_SITE_URL,
      api: values.api ?? process.env.PROBE_API_URL,
      payment: values.payment ?? process.env.PROBE_PAYMENT_URL,
    }
    if (!targets.site && !targets.api && !targets.payment)
      throw new StatusInputError({
        en: 'Nothing to probe: give --site, --api and/or --payment (or PROBE_SITE_URL, PROBE_API_URL, PROBE_PAYMENT_URL).',
        ar: 'لا شيء لفحصه: حدّد ‎--site و/أو ‎--api و/أو ‎--payment (أو PROBE_SITE_URL وPROBE_API_URL وPROBE_PAYMENT_URL).',
      })
    const every = values.every ? Number(values.every) : 0
    const timeoutMs = values.timeout ? Number(values.timeout) : 10_000
    for (;;) {
      const stamp = new Date().toISOString()
      const { results, doc, reset } = await probeAndRecord(store, targets, {
        timeoutMs,
        timeZone: zone,
        siteUrl: site.origin,
      })
      if (reset) console.error(reset[lang])
      for (const r of results)
        console.log(
          `${stamp} ${r.component} ${r.ok ? t('up', 'يعمل') : t('DOWN', 'متوقف')} ${Math.round(r.ms ?? 0)} ms${r.detail ? ` ${r.detail}` : ''}`,
        )
      console.log(t(`Recorded (revision ${doc.revision}).`, `سُجّل (المراجعة ${doc.revision}).`))
      if (!(every > 0)) return results.every((r) => r.ok) ? 0 : 1
      await new Promise((ok) => setTimeout(ok, every * 1000))
    }
  }
  console.error(
    t(
      'Usage: npm run status -- show | incident open|update|resolve | maintenance schedule|cancel | probe (docs/status.md)',
      'الاستخدام: npm run status -- show | incident open|update|resolve | maintenance schedule|cancel | probe (docs/status.md)',
    ),
  )
  return 2
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (err) => {
    console.error(
      err instanceof StatusInputError
        ? err.text[lang]
        : t(`Failed: ${(err as Error).message}`, `تعذّر: ${(err as Error).message}`),
    )
    process.exitCode = 1
  },
)
