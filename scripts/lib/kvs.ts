// The CloudFront KeyValueStore that names the live build (docs/deploy.md): what `npm run deploy`
// reads and switches, with `@aws-sdk/client-cloudfront-keyvaluestore`. The store's data plane
// signs with SigV4a, which the SDK does in JavaScript once `@aws-sdk/signature-v4a` is loaded (no
// native code). A switch is one `PutKey` conditional on the store's ETag (`If-Match`): if anyone
// wrote the store since it was read, the service answers 409 ConflictException and nothing changes.
import '@aws-sdk/signature-v4a'
import {
  CloudFrontKeyValueStoreClient,
  type CloudFrontKeyValueStoreServiceException,
  DescribeKeyValueStoreCommand,
  GetKeyCommand,
  PutKeyCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore'
import { LIVE_KEY } from '../../renderer/shared/host'

/** The store changed since it was read: someone else switched. */
export class KvsConflictError extends Error {}

export interface LiveStore {
  /** The live build's id (undefined before the first switch) and the store's ETag. */
  read(): Promise<{ live: string | undefined; etag: string }>
  /** Sets the live build if the store's ETag is still `etag`; KvsConflictError if not. The new ETag. */
  switchTo(id: string, etag: string): Promise<{ etag: string }>
  close(): void
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms))

function isTransient(err: unknown): boolean {
  const e = err as CloudFrontKeyValueStoreServiceException
  const status = e.$metadata?.httpStatusCode
  if (status) return status >= 500 || status === 429 || e.name === 'ThrottlingException'
  // No answer at all (a refused or reset connection, a timeout); not a missing credential or region.
  return !/Credential|Region is missing|Invalid URL/i.test(`${e.name} ${e.message}`)
}

/**
 * The live-build store at `arn`. `endpoint` points the client at another server speaking the
 * service's protocol (`npm run s3:local`, the tests): the service's own endpoint puts the account id
 * in the host name, which a loopback address cannot take, so the address is given as it is.
 */
export function liveStore(opts: { arn: string; endpoint?: string; region?: string }): LiveStore {
  const client = new CloudFrontKeyValueStoreClient({
    region: opts.region ?? 'us-east-1',
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 5000, requestTimeout: 15000 },
    ...(opts.endpoint
      ? {
          endpointProvider: () => ({
            url: new URL(opts.endpoint!),
            properties: {
              authSchemes: [
                {
                  name: 'sigv4a',
                  signingName: 'cloudfront-keyvaluestore',
                  signingRegion: 'us-east-1',
                  signingRegionSet: ['*'],
                  properties: {},
                },
              ],
            },
          }),
        }
      : {}),
  })
  const where = opts.arn
  /** Three tries with backoff for what may pass (5xx, throttling, the network); a refusal at once. */
  const attempt = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    for (let n = 1; ; n++) {
      try {
        return await run()
      } catch (err) {
        const e = err as CloudFrontKeyValueStoreServiceException
        if (e.name === 'ConflictException') throw new KvsConflictError(`${what}: the store changed since it was read`)
        if (n >= 3 || !isTransient(err)) {
          const status = e.$metadata?.httpStatusCode
          throw new Error(
            `${what} on ${where}: ${[e.name, status && `HTTP ${status}`, e.message].filter(Boolean).join(': ')}`,
          )
        }
        await sleep(250 * 2 ** (n - 1))
      }
    }
  }
  return {
    async read() {
      const described = await attempt('DescribeKeyValueStore', () =>
        client.send(new DescribeKeyValueStoreCommand({ KvsARN: opts.arn })),
      )
      let live: string | undefined
      try {
        live = (await attempt('GetKey', () => client.send(new GetKeyCommand({ KvsARN: opts.arn, Key: LIVE_KEY }))))
          .Value
      } catch (err) {
        if (!/ResourceNotFoundException/.test((err as Error).message)) throw err
      }
      return { live, etag: described.ETag! }
    },
    async switchTo(id, etag) {
      try {
        const put = await attempt('PutKey', () =>
          client.send(new PutKeyCommand({ KvsARN: opts.arn, Key: LIVE_KEY, Value: id, IfMatch: etag })),
        )
        return { etag: put.ETag! }
      } catch (err) {
        // A retried write whose first try landed meets its own change: the build is live, as asked.
        if (!(err instanceof KvsConflictError)) throw err
        const now = await this.read()
        if (now.live === id) return { etag: now.etag }
        throw err
      }
    },
    close: () => client.destroy(),
  }
}
