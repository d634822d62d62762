// The buckets `npm run deploy` writes, the site's and the status host's: list, get, put and
// delete, each one request that the AWS SDK tries again itself (its standard retry strategy, up to
// MAX_ATTEMPTS tries with backoff and jitter: throttling, 500/502/503/504, timeouts and dropped
// connections; never a refusal such as a 403 or a 404). A failure says what was being done, after
// how many tries, and why (scripts/lib/cli/command.ts `describeError`), in the operator's language. And the
// limit on how many requests run at once (`--concurrency`).
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3'
import pLimit from 'p-limit'
import { describeError, type Resources } from '../cli/command'
import type { Locale } from '../../../locales/locales'
import { words } from '../cli/words'
import { md5, type Upload } from './build'
import { DeployError, type Words } from './words'

/** The tries of one request, the first included. */
const MAX_ATTEMPTS = 5

/** A client for the buckets at `endpoint` (an S3-compatible server, path-style) or AWS's. */
export function s3Client(where: { region?: string; endpoint?: string; followRegionRedirects?: boolean }) {
  return new S3Client({
    region: where.region,
    endpoint: where.endpoint,
    forcePathStyle: Boolean(where.endpoint),
    followRegionRedirects: where.followRegionRedirects,
    retryMode: 'standard',
    maxAttempts: MAX_ATTEMPTS,
    // Plain MD5 integrity (ContentMD5) works with S3 and with S3-compatible servers alike.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5000, requestTimeout: 60000 },
  })
}

/** What the SDK says of a request's tries, on its answer and on its error alike. */
type Tried = { $metadata?: { attempts?: number } }

export class Bucket {
  /** The requests the SDK tried again, for the deploy's summary. */
  retries = 0
  constructor(
    private s3: S3Client,
    readonly name: string,
    /** What a failure names: the bucket and the settings that chose it. */
    readonly resources: Resources,
    private lang: Locale,
  ) {}

  /** `request`'s answer; its failure as a DeployError naming `what`, and the tries when there were more than one. */
  private async attempt<T extends Tried>(what: Words, request: () => Promise<T>): Promise<T> {
    try {
      const answer = await request()
      this.retries += (answer.$metadata?.attempts ?? 1) - 1
      return answer
    } catch (err) {
      const attempts = (err as Tried).$metadata?.attempts ?? 1
      this.retries += attempts - 1
      const lang = this.lang
      const why = describeError(err, lang, this.resources)
      const said =
        attempts > 1
          ? words('deploy.attemptFailedAfter', { what: what[lang], attempts, why })
          : words('deploy.attemptFailed', { what: what[lang], why })
      throw new DeployError(said[lang], { cause: err })
    }
  }

  /** Key -> MD5 (the ETag of a single-part upload) of every object under `prefix`. */
  async list(prefix: string): Promise<Map<string, string>> {
    const objects = new Map<string, string>()
    let token: string | undefined
    do {
      const page = await this.attempt(words('deploy.attempt.listing', { target: `s3://${this.name}/${prefix}` }), () =>
        this.s3.send(
          new ListObjectsV2Command({ Bucket: this.name, Prefix: prefix || undefined, ContinuationToken: token }),
        ),
      )
      for (const o of page.Contents ?? []) if (o.Key) objects.set(o.Key, (o.ETag ?? '').replace(/"/g, ''))
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return objects
  }

  put(u: Upload) {
    return this.attempt(words('deploy.attempt.uploading', { key: u.key }), () =>
      this.s3.send(
        new PutObjectCommand({
          Bucket: this.name,
          Key: u.key,
          Body: u.body,
          ContentType: u.contentType,
          CacheControl: u.cacheControl,
          Metadata: u.metadata,
          // S3 refuses the object if it does not arrive intact.
          ContentMD5: Buffer.from(u.md5, 'hex').toString('base64'),
        }),
      ),
    )
  }

  putJson(key: string, value: unknown) {
    const body = Buffer.from(`${JSON.stringify(value)}\n`)
    return this.put({
      key,
      body,
      md5: md5(body),
      contentType: 'application/json; charset=utf-8',
      cacheControl: 'no-store',
    })
  }

  /** The object at `key`, or undefined when there is none. */
  async get(
    key: string,
  ): Promise<
    { body: Buffer; metadata: Record<string, string>; contentType?: string; cacheControl?: string } | undefined
  > {
    try {
      const res = await this.attempt(words('deploy.attempt.reading', { key }), () =>
        this.s3.send(new GetObjectCommand({ Bucket: this.name, Key: key })),
      )
      return {
        body: Buffer.from(await res.Body!.transformToByteArray()),
        metadata: res.Metadata ?? {},
        contentType: res.ContentType,
        cacheControl: res.CacheControl,
      }
    } catch (err) {
      const cause = err instanceof DeployError ? (err.cause as S3ServiceException | undefined) : undefined
      if (cause && (cause.name === 'NoSuchKey' || cause.$metadata?.httpStatusCode === 404)) return undefined
      throw err
    }
  }

  /** The JSON at `key`; undefined when there is none, or it is not JSON. */
  async getJson<T>(key: string): Promise<T | undefined> {
    const found = await this.get(key)
    if (!found) return undefined
    try {
      return JSON.parse(found.body.toString('utf8')) as T
    } catch {
      return undefined
    }
  }

  delete(key: string) {
    return this.attempt(words('deploy.attempt.deleting', { key }), () =>
      this.s3.send(new DeleteObjectCommand({ Bucket: this.name, Key: key })),
    )
  }
}

/**
 * Runs `work` on every item, at most `concurrency` at once, in order. The first failure stops what
 * has not started; it is thrown once what had started has ended, so that nothing is still writing
 * when the command says what failed.
 */
export async function eachAtMost<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<unknown>) {
  const limit = pLimit({ concurrency, rejectOnClear: true })
  let failure: { error: unknown } | undefined
  await Promise.all(
    items.map((item) =>
      limit(() => work(item)).catch((error: unknown) => {
        if (failure) return
        failure = { error }
        limit.clearQueue()
      }),
    ),
  )
  if (failure) throw failure.error
}
