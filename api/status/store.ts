// Where the status document lives (docs/status.md): the site's bucket under `status/` (S3, or the
// local S3 of `npm run s3:local`), or a folder for `npm run preview`. Every change is a read, a pure
// change (./doc.ts) and a conditional write: S3's `If-Match` on the ETag read (`If-None-Match: *`
// for the first), a lock file and the same comparison in a folder. A writer that lost the race reads
// again and applies its change again, so two operators at once both land. Each operator's change is
// also kept whole in the history (private: ./s3Store), and the feeds are rewritten from the document written.
import { createHash } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { type Bilingual, parseStatus, type StatusDocument } from '../contract/status'
import { cacheControlFor, contentTypeFor, STATUS_PREFIX } from '../../renderer/shared/host'
import { emptyDocument, settle } from './doc'
import { atomFeed } from './feed'

/** Keys inside the store (the bucket's `status/`, the folder's root). */
export const keys = {
  document: 'status.json',
  feed: { en: 'incidents.atom', ar: 'incidents.ar.atom' },
  history: (revision: number) => `history/${String(revision).padStart(10, '0')}.json`,
  corrupt: (at: number) => `history/corrupt-${new Date(at).toISOString().replace(/[:.]/g, '-')}.json`,
  /** One probe run's results, by UTC day: `history/probes/2026-11-25/07-30-00-000Z.json`. */
  probeRun: (at: number) => {
    const iso = new Date(at).toISOString()
    return `history/probes/${iso.slice(0, 10)}/${iso.slice(11).replace(/[:.]/g, '-')}.json`
  },
} as const

class PreconditionFailed extends Error {}

export interface StatusStore {
  /** `bucket s3://site/status/` or `folder /path`: for messages. */
  readonly name: string
  read(key: string): Promise<{ body: string; etag: string } | undefined>
  /** Writes `body`; with `ifMatch` only over that version, with `ifMatch: null` only where there is none. */
  write(key: string, body: string, options?: { ifMatch?: string | null }): Promise<void>
}

export function folderStore(dir: string): StatusStore {
  const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`
  return {
    name: `folder ${dir}`,
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
        writeFileSync(temp, body)
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
export function s3Store(client: S3Client, bucket: string, prefix = 'status/'): StatusStore {
  const keyOf = (key: string) => (key.startsWith('history/') ? `${prefix.replace(/\/$/, '')}-${key}` : prefix + key)
  return {
    name: `bucket s3://${bucket}/${prefix}`,
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
            // As a deploy stores the build's status/ (renderer/shared/host.ts); the history is never cached.
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
}

export interface Written {
  doc: StatusDocument
  /** Conditional writes that lost a race and were made again. */
  retries: number
  /** Set when the stored document could not be read and was started again. */
  reset?: Bilingual
}

/**
 * Reads the document, applies the change, and writes it only over what it read; on a lost race,
 * again (up to 20 times). A missing document starts from `seed` (the build's sample, replaced at
 * once: real data never mixes with it) or empty; a malformed one is kept in history/ and started
 * again, with a notice. Then the history entry and both feeds.
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
    if (current) {
      let parsed: ReturnType<typeof parseStatus>
      try {
        parsed = parseStatus(JSON.parse(current.body))
      } catch (err) {
        parsed = { error: (err as Error).message }
      }
      if ('doc' in parsed) base = parsed.doc
      else {
        await store.write(keys.corrupt(at), current.body)
        reset = {
          en: `The stored status document was unreadable (${parsed.error}); it was kept as ${keys.corrupt(at)} and started again.`,
          ar: `تعذّرت قراءة مستند الحالة المحفوظ (${parsed.error})؛ حُفظ باسم ${keys.corrupt(at)} وبدأ مستند جديد.`,
        }
      }
    }
    const start =
      !base || base.sample
        ? { ...emptyDocument(base?.timeZone ?? options.timeZone, at), revision: base?.revision ?? 0 }
        : base
    const doc = settle(change.apply(start, at), at)
    try {
      await store.write(keys.document, `${JSON.stringify(doc)}\n`, { ifMatch: current?.etag ?? null })
    } catch (err) {
      if (err instanceof PreconditionFailed) {
        await new Promise((ok) => setTimeout(ok, Math.random() * 20 * (retries + 1)))
        continue
      }
      throw err
    }
    if (change.history !== false)
      await store.write(
        keys.history(doc.revision),
        `${JSON.stringify({ revision: doc.revision, at: doc.updatedAt, by: change.by, action: change.action, document: doc }, null, 2)}\n`,
      )
    await writeFeeds(store, doc, options.siteUrl)
    return { doc, retries, ...(reset ? { reset } : {}) }
  }
  throw new Error(`${store.name}: the status document kept changing under 20 attempts to write it; try again.`)
}

/** Both feeds from `doc`; if a newer document was written meanwhile, from that one (the last writer's feeds win). */
async function writeFeeds(store: StatusStore, doc: StatusDocument, siteUrl: string) {
  let latest = doc
  for (let i = 0; i < 5; i++) {
    for (const locale of ['en', 'ar'] as const) await store.write(keys.feed[locale], atomFeed(latest, locale, siteUrl))
    const again = await store.read(keys.document)
    const parsed = again ? parseStatus(JSON.parse(again.body)) : undefined
    if (!parsed || !('doc' in parsed) || parsed.doc.revision <= latest.revision) return
    latest = parsed.doc
  }
}

/** The document as stored, or undefined when there is none; throws with the reason when it is malformed. */
export async function readDocument(store: StatusStore): Promise<StatusDocument | undefined> {
  const current = await store.read(keys.document)
  if (!current) return undefined
  const parsed = parseStatus(JSON.parse(current.body))
  if ('error' in parsed) throw new Error(`${store.name}${keys.document}: ${parsed.error}`)
  return parsed.doc
}
