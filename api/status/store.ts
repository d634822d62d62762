// Where the status document lives (docs/status.md): the site's bucket under `status/` (S3, or the
// local S3 of `npm run s3:local`), or a folder for `npm run preview`. Every change is a read, a pure
// change (./doc.ts) and a conditional write: S3's `If-Match` on the ETag read (`If-None-Match: *`
// for the first), a lock file and the same comparison in a folder. A writer that lost the race reads
// again and applies its change again, so two operators at once both land. Each operator's change is
// also kept whole in the history (private: ./s3Store), written only where no entry is (never
// rewritten), and the feeds are rewritten from the document written. A document that cannot be read
// is never started again from nothing: the command continues from the newest readable history
// entry, and the probe refuses to write (docs/status.md, "When the document is unreadable").
import { createHash } from 'node:crypto'
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { type Bilingual, parseStatus, type StatusDocument } from '../contract/status'
import { operatorText } from '../../locales/operator'
import { cacheControlFor, contentTypeFor, STATUS_PREFIX } from '../../host/rules'
import { emptyDocument, settle, StatusInputError } from './doc'
import { atomFeed } from './feed'
import { statusSummary } from './summary'
import { localeCodes } from '../../locales/locales'
import { folderSealer, type Sealer } from './sealing'

/** Keys inside the store (the bucket's `status/`, the folder's root). */
export const keys = {
  document: 'status.json',
  feed: { en: 'incidents.atom', ar: 'incidents.ar.atom' },
  /** Statuspage's summary as this site writes it (./summary.ts, docs/status-api.md). */
  summary: 'summary.json',
  history: (revision: number) => `history/${String(revision).padStart(10, '0')}.json`,
  /** An operator's change whose revision has an entry already (a hand-edited document): kept beside it. */
  historyBeside: (revision: number, at: number) =>
    `history/${String(revision).padStart(10, '0')}-${new Date(at).toISOString().replace(/[:.]/g, '-')}.json`,
  corrupt: (at: number) => `history/corrupt-${new Date(at).toISOString().replace(/[:.]/g, '-')}.json`,
  /** One probe run's results, by UTC day: `history/probes/2026-11-25/07-30-00-000Z.json`. */
  probeRun: (at: number) => {
    const iso = new Date(at).toISOString()
    return `history/probes/${iso.slice(0, 10)}/${iso.slice(11).replace(/[:.]/g, '-')}.json`
  },
} as const

/** The revision of a history entry's key (`history/0000000012.json` → 12), else undefined. */
const historyRevision = (key: string) => {
  const m = /^history\/(\d{10})\.json$/.exec(key)
  return m ? Number(m[1]) : undefined
}

export class PreconditionFailed extends Error {}

export interface StatusStore {
  /** `bucket s3://site/status/` or `folder /path`: for messages. */
  readonly name: string
  /** Where a key really is, for messages: `s3://site/status-history/corrupt-….json`, a file's path. */
  where(key: string): string
  read(key: string): Promise<{ body: string; etag: string } | undefined>
  /** Writes `body`; with `ifMatch` only over that version, with `ifMatch: null` only where there is none. */
  write(key: string, body: string, options?: { ifMatch?: string | null }): Promise<void>
  /** The keys directly under `prefix` (`history/`): not those of its sub-folders. */
  list(prefix: string): Promise<string[]>
  /** What seals subscribers' secrets here (./sealing.ts); unset, subscriptions refuse to sign. */
  readonly sealer?: Sealer
}

export function folderStore(dir: string): StatusStore {
  const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`
  let sealer: Sealer | undefined
  return {
    name: `folder ${dir}`,
    // The folder's own key, made when a secret is first sealed, in its private history.
    get sealer() {
      sealer ??= folderSealer(join(dir, 'history', 'seal.key'))
      return sealer
    },
    where: (key) => join(dir, key),
    async list(prefix) {
      try {
        return readdirSync(join(dir, prefix), { withFileTypes: true })
          .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
          .map((e) => prefix + e.name)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw err
      }
    },
    async read(key) {
      try {
        const body = readFileSync(join(dir, key), 'utf8')
        return { body, etag: etagOf(body) }
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw err
      }
    },
    async write(key, body, options = {}) {
      const file = join(dir, key)
      mkdirSync(dirname(file), { recursive: true })
      const unlock = 'ifMatch' in options ? await lock(join(dir, '.lock')) : () => {}
      try {
        if ('ifMatch' in options) {
          const current = await this.read(key)
          if ((current?.etag ?? null) !== options.ifMatch) throw new PreconditionFailed(key)
        }
        const temp = `${file}.${process.pid}.${Date.now()}.tmp`
        // Only its owner reads it: the history holds the subscriptions (their secrets sealed).
        writeFileSync(temp, body, { mode: 0o600 })
        renameSync(temp, file)
      } finally {
        unlock()
      }
    },
  }
}

/** A lock file made with O_EXCL, between processes on one machine; one older than 10 s is a crashed writer's. */
async function lock(file: string): Promise<() => void> {
  mkdirSync(dirname(file), { recursive: true })
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(openSync(file, 'wx'))
      return () => rmSync(file, { force: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      try {
        if (Date.now() - statSync(file).mtimeMs > 10_000) rmSync(file, { force: true })
      } catch {
        // Gone in between: try again.
      }
      if (attempt > 500) throw new Error(`${file} stays locked: is another "npm run status" stuck?`)
      await new Promise((ok) => setTimeout(ok, 10 + Math.random() * 20))
    }
  }
}

/**
 * The bucket's `status/` (served at /status/*), except the history: `status-history/`, which no
 * viewer reaches (the viewer-request function serves only `status/` of the bucket's root).
 */
export function s3Store(
  client: S3Client,
  bucket: string,
  prefix = 'status/',
  options: { sealer?: Sealer } = {},
): StatusStore {
  const keyOf = (key: string) => (key.startsWith('history/') ? `${prefix.replace(/\/$/, '')}-${key}` : prefix + key)
  return {
    name: `bucket s3://${bucket}/${prefix}`,
    sealer: options.sealer,
    where: (key) => `s3://${bucket}/${keyOf(key)}`,
    async list(under) {
      const keys: string[] = []
      const stored = keyOf(under)
      let token: string | undefined
      do {
        // The delimiter keeps each run's probe results (a sub-folder, thousands a day) out of the list.
        const res = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: stored, Delimiter: '/', ContinuationToken: token }),
        )
        for (const o of res.Contents ?? []) if (o.Key) keys.push(under + o.Key.slice(stored.length))
        token = res.IsTruncated ? res.NextContinuationToken : undefined
      } while (token)
      return keys
    },
    async read(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }))
        return { body: await res.Body!.transformToString('utf-8'), etag: res.ETag! }
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } }
        // No document yet; but a bucket that is not there is a wrong setting, not an empty page.
        if (e.name !== 'NoSuchBucket' && (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404))
          return undefined
        throw err
      }
    },
    async write(key, body, options = {}) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: keyOf(key),
            Body: body,
            // As a deploy stores the build's status/ (host/rules.ts); the history is never cached.
            ContentType: contentTypeFor(key),
            CacheControl: key.startsWith('history/') ? 'no-store' : cacheControlFor(STATUS_PREFIX + key),
            ...(options.ifMatch === null ? { IfNoneMatch: '*' } : options.ifMatch ? { IfMatch: options.ifMatch } : {}),
          }),
        )
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
        // 412: another version is there; 409: another conditional write of the key is under way.
        if (status === 412 || status === 409) throw new PreconditionFailed(key)
        throw err
      }
    },
  }
}

export interface Change {
  /** What happened, for the history: `incident open 2026-11-25-api-errors`. */
  action: string
  /** Who: DEPLOY_BY / the user; never personal data of a visitor. */
  by?: string
  /** Applied to the document as read (a sample is replaced by an empty document first). */
  apply: (doc: StatusDocument, now: number) => StatusDocument
  /** Operators' changes are kept whole in history/; the probe's runs only as their results (./probe.ts). */
  history?: boolean
  /**
   * Whether an unreadable document may be replaced: an operator's command continues from the
   * newest readable history entry; the probe (which cannot read the history) refuses instead.
   */
  recover?: boolean
}

export interface Written {
  doc: StatusDocument
  /** The document the change was applied to (undefined: there was none, or it was a sample). */
  before?: StatusDocument
  /** Conditional writes that lost a race and were made again. */
  retries: number
  /** Set when the stored document could not be read, with what became of it. */
  reset?: Bilingual
}

/** The stored document cannot be read: the probe stops, and an operator restores it (docs/status.md). */
export class StatusUnreadableError extends Error {
  constructor(readonly text: Bilingual) {
    super(text.en)
  }
}

/** One history entry as written: the change and the whole document after it. */
export interface HistoryEntry {
  revision: number
  at: string
  by?: string
  action: string
  document: StatusDocument
}

/** Why the stored document is not a document (JSON's or the schema's reason), or its document. */
function parseStored(body: string): { doc: StatusDocument } | { error: string } {
  try {
    return parseStatus(JSON.parse(body))
  } catch (err) {
    return { error: (err as Error).message }
  }
}

/**
 * The history's revision entries, newest first: the highest revision number any of them holds
 * (readable or not), and the newest one that reads as an entry with a document.
 */
async function lastGood(store: StatusStore): Promise<{ highest: number; entry?: HistoryEntry }> {
  const revisions = (await store.list('history/'))
    .map(historyRevision)
    .filter((r): r is number => r !== undefined)
    .sort((a, b) => b - a)
  for (const revision of revisions) {
    const entry = await readHistory(store, revision)
    if (entry) return { highest: revisions[0]!, entry }
  }
  return { highest: revisions[0] ?? 0 }
}

/** History entry `revision`, or undefined when there is none or it does not read as one. */
async function readHistory(store: StatusStore, revision: number): Promise<HistoryEntry | undefined> {
  const stored = await store.read(keys.history(revision))
  if (!stored) return undefined
  try {
    const entry = JSON.parse(stored.body) as HistoryEntry
    const parsed = parseStatus(entry?.document)
    return 'doc' in parsed ? { ...entry, document: parsed.doc } : undefined
  } catch {
    return undefined
  }
}

/** What is stored now: no document, a document, or an unreadable one with the reason and the last good entry. */
export type Inspected =
  | { state: 'missing' }
  | { state: 'ok'; doc: StatusDocument }
  | { state: 'unreadable'; reason: string; lastGood?: HistoryEntry }

export async function inspect(store: StatusStore): Promise<Inspected> {
  const current = await store.read(keys.document)
  if (!current) return { state: 'missing' }
  const parsed = parseStored(current.body)
  if ('doc' in parsed) return { state: 'ok', doc: parsed.doc }
  return { state: 'unreadable', reason: parsed.error, lastGood: (await lastGood(store)).entry }
}

/**
 * Reads the document, applies the change, and writes it only over what it read; on a lost race,
 * again (up to 20 times). A missing document (or a sample an old deploy seeded) starts empty. An
 * unreadable one is set aside (`history/corrupt-<time>.json`) and the change continues from the
 * newest readable history entry, with revision numbers after the highest in the history, and a
 * notice; with `recover: false` (the probe) nothing is written and StatusUnreadableError says why.
 * Then the history entry, created only where none is, and both feeds.
 */
export async function mutate(
  store: StatusStore,
  change: Change,
  options: { now?: () => number; timeZone: string; siteUrl: string },
): Promise<Written> {
  const now = options.now ?? Date.now
  let reset: Bilingual | undefined
  for (let retries = 0; retries < 20; retries++) {
    const at = now()
    const current = await store.read(keys.document)
    let base: StatusDocument | undefined
    let revision = 0
    if (current) {
      const parsed = parseStored(current.body)
      if ('doc' in parsed) {
        base = parsed.doc
        revision = base.revision
      } else {
        const found = await lastGood(store)
        const from = found.entry
        const restore = from ? `npm run status -- restore ${from.revision}` : 'npm run status -- show'
        if (change.recover === false) {
          const unreadable = { where: store.where(keys.document), error: parsed.error }
          throw new StatusUnreadableError(
            from
              ? operatorText('statusStore.unreadable.restorable', { ...unreadable, revision: from.revision, restore })
              : operatorText('statusStore.unreadable.noHistory', unreadable),
          )
        }
        const corrupt = keys.corrupt(at)
        await store.write(corrupt, current.body, { ifMatch: null })
        base = from?.document
        revision = found.highest
        const kept = { error: parsed.error, where: store.where(corrupt) }
        reset = from
          ? operatorText('statusStore.reset.fromHistory', {
              ...kept,
              revision: from.revision,
              at: from.at,
              action: from.action,
            })
          : operatorText('statusStore.reset.empty', { ...kept, revision: revision + 1 })
      }
    }
    const real = base && !base.sample ? base : undefined
    const start = real ? { ...real, revision } : { ...emptyDocument(base?.timeZone ?? options.timeZone, at), revision }
    const doc = settle(change.apply(start, at), at)
    try {
      await store.write(keys.document, `${JSON.stringify(doc)}\n`, { ifMatch: current?.etag ?? null })
    } catch (err) {
      if (err instanceof PreconditionFailed) {
        reset = undefined
        await new Promise((ok) => setTimeout(ok, Math.random() * 20 * (retries + 1)))
        continue
      }
      throw err
    }
    if (change.history !== false)
      await writeHistory(
        store,
        { revision: doc.revision, at: doc.updatedAt, by: change.by, action: change.action, document: doc },
        at,
      )
    await writeFeeds(store, doc, options.siteUrl, now)
    return { doc, ...(real ? { before: real } : {}), retries, ...(reset ? { reset } : {}) }
  }
  throw new Error(`${store.name}: the status document kept changing under 20 attempts to write it; try again.`)
}

/** An entry only where none is: a revision that has one already (a hand-edited document) is kept beside it. */
async function writeHistory(store: StatusStore, entry: HistoryEntry, at: number) {
  const body = `${JSON.stringify(entry, null, 2)}\n`
  try {
    await store.write(keys.history(entry.revision), body, { ifMatch: null })
  } catch (err) {
    if (!(err instanceof PreconditionFailed)) throw err
    await store.write(keys.historyBeside(entry.revision, at), body, { ifMatch: null })
  }
}

/**
 * Both feeds and the summary from `doc`; if a newer document was written meanwhile, from that one
 * (the last writer's win).
 */
async function writeFeeds(store: StatusStore, doc: StatusDocument, siteUrl: string, now: () => number) {
  let latest = doc
  for (let i = 0; i < 5; i++) {
    for (const locale of localeCodes) await store.write(keys.feed[locale], atomFeed(latest, locale, siteUrl))
    await store.write(keys.summary, `${JSON.stringify(statusSummary(latest, now(), siteUrl))}\n`)
    const again = await store.read(keys.document)
    const parsed = again ? parseStored(again.body) : undefined
    if (!parsed || !('doc' in parsed) || parsed.doc.revision <= latest.revision) return
    latest = parsed.doc
  }
}

/** The document as stored, or undefined when there is none; throws with the reason when it is unreadable. */
export async function readDocument(store: StatusStore): Promise<StatusDocument | undefined> {
  const current = await store.read(keys.document)
  if (!current) return undefined
  const parsed = parseStored(current.body)
  if ('error' in parsed) throw new Error(`${store.where(keys.document)}: ${parsed.error}`)
  return parsed.doc
}

/**
 * `npm run status -- restore <revision>`: history entry `revision`'s document (its incidents,
 * maintenance and measured days) written again as the next revision, over whatever is stored,
 * readable or not; the history keeps both. Refused, in both languages, when there is no readable entry.
 */
export async function restore(
  store: StatusStore,
  revision: number,
  options: { by?: string; now?: () => number; timeZone: string; siteUrl: string },
): Promise<Written & { from: HistoryEntry }> {
  const from = Number.isInteger(revision) && revision > 0 ? await readHistory(store, revision) : undefined
  if (!from) throw new StatusInputError(operatorText('statusStore.restore.unknown', { revision, store: store.name }))
  const written = await mutate(
    store,
    {
      action: `restore ${revision}`,
      by: options.by,
      apply: (start) => ({ ...from.document, revision: start.revision, sample: false }),
    },
    options,
  )
  return { ...written, from }
}
