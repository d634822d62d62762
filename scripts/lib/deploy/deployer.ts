// What every mode of `npm run deploy` works with: the site's bucket and its records, the
// live-build store and its switch, the status host's bucket, and how far a run got. Every build
// keeps a record (`deploys/builds/<id>.json`) and every switch one of its own (`deploys/switches/`):
// who, when, from, to, and the builds rolled back from (./history.ts).
import { setTimeout as sleep } from 'node:timers/promises'
import { KvsConflictError, type LiveStore } from '../../../host/local/kvs'
import { bucketKey, cacheControlFor, contentTypeFor, RELEASES } from '../../../host/rules'
import { notFoundKey } from '../../../renderer/shared/paths'
import { words } from '../cli/words'
import { md5 } from './build'
import { type Bucket, eachAtMost } from './bucket'
import type { SwitchRecord } from './history'
import type { Options } from './options'
import { DeployError, text, type Words } from './words'

/** What the bucket keeps about a build: enough to list it, roll back to it and prune it. */
export interface BuildRecord {
  id: string
  /** The commit the build came from, when known (GIT_COMMIT, GITHUB_SHA, or git at deploy time). */
  commit?: string
  builtAt: number
  deployedAt: number
  by: string
  /** False while it uploads: prune keeps such a build's assets, and nobody switches to it. */
  complete: boolean
  /** Every key the build uses: its release and the shared files it names. */
  keys: string[]
}

const RECORDS = 'deploys/builds/'
const SWITCHES = 'deploys/switches/'
export const recordKey = (id: string) => `${RECORDS}${id}.json`
/** A switch's record, named by its time so that the keys sort as the switches were made. */
export const switchKey = (record: SwitchRecord) =>
  `${SWITCHES}${new Date(record.at).toISOString().replace(/[:.]/g, '')}-${record.to}.json`

/** How far a run got: what an interruption or a failure says is live. */
export interface RunState {
  /** The live build as last read or switched to; `read` false until the store was read. */
  read: boolean
  live?: string
  /** Set once this run's switch is made. */
  switched?: { from: string; to: string }
  /** The switch under way: its write, its record and the error document, which an interruption lets finish. */
  switching?: { to: string; from: string; done: Promise<void> }
  pruning: boolean
  /** Set while the status host's bucket is being brought to the live build. */
  statusHost?: boolean
}

export class Deployer {
  readonly state: RunState = { read: false, pruning: false }
  constructor(
    readonly bucket: Bucket,
    readonly store: LiveStore,
    readonly opts: Options,
    /** The status host's bucket, with `--status-bucket`. */
    readonly statusBucket?: Bucket,
  ) {}

  /** The live build and the store's ETag, remembered for what a failure or an interruption says. */
  async readLive() {
    const now = await this.store.read()
    this.state.read = true
    this.state.live = now.live
    return now
  }

  async records(): Promise<BuildRecord[]> {
    const keys = [...(await this.bucket.list(RECORDS)).keys()]
    const records: BuildRecord[] = []
    await eachAtMost(keys, this.opts.concurrency, async (key) => {
      const record = await this.bucket.getJson<BuildRecord>(key)
      if (record && typeof record.id === 'string' && Array.isArray(record.keys)) records.push(record)
      else console.warn(words('deploy.skipRecord', { key })[this.opts.lang])
    })
    return records.sort((a, b) => b.deployedAt - a.deployedAt)
  }

  /** The newest `limit` switch records, newest first. */
  async switches(limit = 50): Promise<SwitchRecord[]> {
    const keys = [...(await this.bucket.list(SWITCHES)).keys()].sort().reverse().slice(0, limit)
    const out: SwitchRecord[] = []
    await eachAtMost(keys, this.opts.concurrency, async (key) => {
      const record = await this.bucket.getJson<SwitchRecord>(key)
      if (record && typeof record.to === 'string') out.push(record)
    })
    return out.sort((a, b) => b.at - a.at)
  }

  /**
   * The switch records as they stand with `live` live: a switch's record is written just after
   * the store, so one made a moment ago may not be there yet; waits for it a little (up to 1.5 s).
   */
  async history(live: string | undefined, limit = 50): Promise<SwitchRecord[]> {
    for (let read = 0; ; read++) {
      const switches = await this.switches(limit)
      if (!live || !switches.length || switches[0]!.to === live || read >= 3) return switches
      await sleep(500)
    }
  }

  /**
   * Makes `to` the live build, if the store is still as read (`etag`): one conditional write. Then
   * records the switch (with the builds rolled back from after it) and copies the build's 404.html
   * to the bucket's root, where CloudFront's error response fetches it (without the function). An
   * interruption meanwhile waits for all three (./interrupt.ts).
   */
  async switchTo(
    to: string,
    from: string | undefined,
    etag: string,
    kind: SwitchRecord['kind'],
    withdrawn: string[],
  ): Promise<{ ms: number; record: SwitchRecord }> {
    let finished = () => {}
    this.state.switching = { to, from: from ?? 'none', done: new Promise<void>((ok) => (finished = ok)) }
    try {
      return await this.switchNow(to, from, etag, kind, withdrawn)
    } finally {
      this.state.switching = undefined
      finished()
    }
  }

  private async switchNow(
    to: string,
    from: string | undefined,
    etag: string,
    kind: SwitchRecord['kind'],
    withdrawn: string[],
  ) {
    const lang = this.opts.lang
    const started = Date.now()
    try {
      await this.store.switchTo(to, etag)
    } catch (err) {
      if (err instanceof KvsConflictError) {
        const now = await this.store.read().catch(() => undefined)
        if (now) this.state.live = now.live
        throw new DeployError(
          text.conflict({
            now: now?.live ?? 'unknown',
            live: now?.live ?? from ?? 'none',
            was: from ?? 'none',
            to,
            kind,
          })[lang],
        )
      }
      throw new DeployError(text.switchFailed(to, (err as Error).message, from ?? 'none')[lang])
    }
    const switched = Date.now()
    this.state.live = to
    this.state.switched = { from: from ?? 'none', to }
    const record: SwitchRecord = { at: switched, by: this.opts.by, from: from ?? null, to, kind, withdrawn }
    const problems: Words[] = []
    await this.bucket
      .putJson(switchKey(record), record)
      .catch((err: Error) => problems.push(words('deploy.switch.notRecorded', { error: err.message })))
    await this.copyErrorDocument(to).catch((err: Error) =>
      problems.push(words('deploy.switch.errorDocument', { error: err.message })),
    )
    if (problems.length) {
      const [first, second] = problems.map((p) => p[lang])
      const said = second === undefined ? first! : words('deploy.switch.both', { first: first!, second })[lang]
      throw new DeployError(words('deploy.switch.unfinished', { to, problems: said })[lang])
    }
    return { ms: switched - started, record }
  }

  async copyErrorDocument(id: string) {
    const page = await this.bucket.get(bucketKey(id, notFoundKey))
    if (!page)
      throw new DeployError(words('deploy.errorDocument.missing', { key: bucketKey(id, notFoundKey) })[this.opts.lang])
    await this.bucket.put({
      key: notFoundKey,
      body: page.body,
      md5: md5(page.body),
      contentType: page.contentType ?? contentTypeFor(notFoundKey),
      cacheControl: page.cacheControl ?? cacheControlFor(notFoundKey),
      metadata: page.metadata,
    })
  }

  /** Every key of `record` is in the bucket, as the listing of its release and of the shared files shows. */
  async missing(record: BuildRecord, shared?: Map<string, string>): Promise<string[]> {
    const release = await this.bucket.list(`${RELEASES}${record.id}/`)
    const sharedNow =
      shared ?? new Map([...(await this.bucket.list('assets/')), ...(await this.bucket.list('builds/meta/'))])
    return record.keys.filter((k) => !release.has(k) && !sharedNow.has(k))
  }
}
