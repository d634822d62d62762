// The CloudFront KeyValueStore that names the live build (docs/deploy.md): what `npm run deploy`
// reads and switches, with `@aws-sdk/client-cloudfront-keyvaluestore`. The store's endpoint rules
// name SigV4a as the only signer (region set `*`): the SDK signs with it in plain JavaScript once
// `@aws-sdk/signature-v4a` is loaded (imported below for that alone; no native code, no aws-crt),
// and without it refuses to send. A switch is one `PutKey` conditional on the store's ETag
// (`If-Match`): if anyone wrote the store since it was read, the service answers 409
// ConflictException and nothing changes. The key's name, `LIVE_KEY`, is in host/rules.ts,
// shared with the CloudFront function that reads it.
import '@aws-sdk/signature-v4a'
import {
  CloudFrontKeyValueStoreClient,
  ConflictException,
  DescribeKeyValueStoreCommand,
  GetKeyCommand,
  PutKeyCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-cloudfront-keyvaluestore'
import { LIVE_KEY } from '../rules'
import { setTimeout as sleep } from 'node:timers/promises'

/** The store changed since it was read: someone else switched. Nothing was written. */
export class KvsConflictError extends Error {}

export interface LiveStore {
  /** The live build's id (undefined before the first switch) and the store's ETag. */
  read(): Promise<{ live: string | undefined; etag: string }>
  /** Sets the live build if the store's ETag is still `etag`; KvsConflictError if not. The new ETag. */
  switchTo(id: string, etag: string): Promise<{ etag: string }>
  close(): void
}

/** A failure already named (operation, store): passed on as it is. */
class KvsError extends Error {}

const TRIES = 3
/** Node's codes for a connection that failed or dropped (what the SDK's own retries count too). */
const NETWORK = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
type SdkError = Error & { code?: string; $metadata?: { httpStatusCode?: number } }

/** What may pass if tried again: 5xx, throttling, the network, a timeout. Not a refusal, nor a bug. */
function isTransient(err: unknown): boolean {
  const e = err as SdkError
  const status = e.$metadata?.httpStatusCode
  if (status) return status >= 500 || status === 429 || /Throttl/.test(e.name)
  return NETWORK.has(e.code ?? '') || e.name === 'TimeoutError'
}

/**
 * The live-build store at `arn`. `endpoint` points the client at another server speaking the
 * service's protocol (`npm run s3:local`, the tests): the service's endpoint rule would put the
 * account id in front of its host name (`123456789012.127.0.0.1`), so the address is used as it is.
 * Credentials come from the SDK's default chain (environment, profile, SSO, instance role).
 */
export function liveStore(opts: { arn: string; endpoint?: string; region?: string }): LiveStore {
  const { arn, endpoint } = opts
  const client = new CloudFrontKeyValueStoreClient({
    // The store is global; the region only picks the partition (aws).
    region: opts.region ?? 'us-east-1',
    // Our own retries (`attempt`): paced for a deploy, and a write's retry judged below.
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 5000, requestTimeout: 15000 },
    ...(endpoint ? { endpointProvider: () => ({ url: new URL(endpoint) }) } : {}),
  })

  /** `run` (given its try's number), tried again with backoff on what may pass; any other error at once. */
  const attempt = async <T>(op: string, run: (n: number) => Promise<T>): Promise<T> => {
    for (let n = 1; ; n++) {
      try {
        return await run(n)
      } catch (err) {
        if (err instanceof KvsConflictError || err instanceof KvsError) throw err
        if (n < TRIES && isTransient(err)) {
          // 250 ms, then 500 ms, with jitter: two deploys that failed together do not retry together.
          await sleep(250 * 2 ** (n - 1) * (0.75 + Math.random() / 2))
          continue
        }
        const e = err as SdkError
        const status = e.$metadata?.httpStatusCode
        const what = [e.code ?? e.name, status && `HTTP ${status}`].filter(Boolean).join(', ')
        throw new KvsError(`${op} on ${arn}: ${what}: ${e.message}${n > 1 ? ` (tried ${n} times)` : ''}`, {
          cause: err,
        })
      }
    }
  }

  const read = async () => {
    // The ETag first, then the value. A switch in between leaves an ETag older than the value, so a
    // write with it is refused; the other order could pair an old value with a new ETag, and the
    // deploy would switch over a switch it never saw.
    const described = await attempt('DescribeKeyValueStore', () =>
      client.send(new DescribeKeyValueStoreCommand({ KvsARN: arn })),
    )
    // GetKey answers 404 ResourceNotFoundException for a missing key (the store exists: Describe said so).
    const live = await attempt('GetKey', () =>
      client.send(new GetKeyCommand({ KvsARN: arn, Key: LIVE_KEY })).then(
        (got) => got.Value,
        (err) => {
          if (err instanceof ResourceNotFoundException) return undefined
          throw err
        },
      ),
    )
    return { live, etag: described.ETag! }
  }

  return {
    read,
    switchTo: (id, etag) =>
      attempt('PutKey', async (n) => {
        try {
          const put = await client.send(new PutKeyCommand({ KvsARN: arn, Key: LIVE_KEY, Value: id, IfMatch: etag }))
          return { etag: put.ETag! }
        } catch (err) {
          if (!(err instanceof ConflictException)) throw err
          // Refused on a retry, the write may meet its own first try, which landed while its answer
          // was lost: if the store holds `id`, the build is live as asked. On the first try, a
          // refusal is always someone else's switch (a conflict is never retried).
          if (n > 1) {
            const now = await read()
            if (now.live === id) return { etag: now.etag }
          }
          throw new KvsConflictError(`PutKey on ${arn}: the store changed since it was read (ETag ${etag})`, {
            cause: err,
          })
        }
      }),
    close: () => client.destroy(),
  }
}
