// The production path on 127.0.0.1 (docs/deploy.md), for `npm run s3:local`, the deploy tests and
// the bench: an S3-protocol server (s3rver), a local CloudFront KeyValueStore
// (host/local/kvsServer.ts), and the edge in front of them: the same viewer-request and
// viewer-response functions the stack publishes (host/local/cdn.ts), reading the live build from
// that store on every request. The bucket's files live in a temporary folder, gone when it stops.
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { createHash, randomUUID } from 'node:crypto'
import { mkdir, rename, rmdir, unlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { s3Bucket } from './cdn'
import { startKvsServer } from './kvsServer'
import { serveBucket } from './previewServer'

type S3rverObject = { bucket: string; key: string; content: Buffer | NodeJS.ReadableStream; metadata: unknown }
type S3rverStore = {
  getResourcePath(bucket: string, key: string, resource: 'object' | 'object.md5' | 'metadata.json'): string
  getBucketPath(bucket: string): string
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>
  deleteObject(bucket: string, key: string): Promise<void>
  getMetadata(bucket: string, key: string): Promise<unknown>
  listObjects(
    bucket: string,
    options: { delimiter?: string; startAfter?: string; prefix?: string; maxKeys?: number },
  ): Promise<{ objects: unknown[]; commonPrefixes: string[]; isTruncated: boolean }>
}
// S3 never shows a reader half an object. s3rver's store answers a PUT of a body it has whole before
// the file is written, and writes it in place, so a read soon after could get part of it (seen as a
// document that is "not JSON" when two operators wrote at once on a busy machine). Here its store
// writes the object to a file beside it and renames it once whole (a listing skips that file: it
// lists only names ending in s3rver's object suffix).
const filesystemStore = createRequire(import.meta.url)('s3rver/lib/stores/filesystem.js') as {
  prototype: S3rverStore
}
filesystemStore.prototype.putObject = async function putWhole(this: S3rverStore, object: S3rverObject) {
  const path = this.getResourcePath(object.bucket, object.key, 'object')
  await mkdir(dirname(path), { recursive: true })
  const content = Buffer.isBuffer(object.content) ? object.content : await buffer(object.content)
  const part = `${path}.${randomUUID()}.part`
  await writeFile(part, content)
  await rename(part, path)
  const md5 = createHash('md5').update(content).digest('hex')
  await this.putMetadata(object.bucket, object.key, object.metadata, md5)
  return { size: content.length, md5 }
}

// A delete removes the object's files, then the folders it leaves empty. s3rver's own does the
// second with no care for another delete of the same folder at once (a prune deletes hundreds of
// keys side by side): one of two finds the folder gone and answers 500. Here a folder another
// delete removed first, or one a write filled meanwhile, is left as it is, as S3 has no folders.
filesystemStore.prototype.deleteObject = async function deleteObject(this: S3rverStore, bucket: string, key: string) {
  const resources = ['object', 'object.md5', 'metadata.json'] as const
  await Promise.all(
    resources.map((r) =>
      unlink(this.getResourcePath(bucket, key, r)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err
      }),
    ),
  )
  const parts = key.split('/').slice(0, -1)
  for (; parts.length; parts.pop()) {
    try {
      await rmdir(join(this.getBucketPath(bucket), ...parts))
    } catch (err) {
      if (['ENOENT', 'ENOTEMPTY', 'EEXIST'].includes((err as NodeJS.ErrnoException).code!)) break
      throw err
    }
  }
}

// A listing in S3 is in the keys' order, and a page goes on after the last key of the one before.
// s3rver walks its folders instead (`a/b` before `a-c/`), so a page that ended in `payouts/...`
// skipped `payouts-and-settlement/...` for good. Here the keys are sorted before the page is cut.
const S3Object = createRequire(import.meta.url)('s3rver/lib/models/object.js') as new (
  bucket: string,
  key: string,
  content: null,
  metadata: unknown,
) => unknown
const objectSuffix = '._S3rver_object'
filesystemStore.prototype.listObjects = async function listInOrder(this: S3rverStore, bucket, options) {
  const { delimiter = '', startAfter = '', prefix = '', maxKeys = Number.POSITIVE_INFINITY } = options
  const root = this.getBucketPath(bucket)
  const keys: string[] = []
  const walk = (dir: string) => {
    let entries: import('node:fs').Dirent[]
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return // a folder a delete removed meanwhile
    }
    for (const entry of entries) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith(objectSuffix)) keys.push(path.slice(root.length + 1, -objectSuffix.length))
    }
  }
  walk(root)
  const commonPrefixes = new Set<string>()
  const page: string[] = []
  let isTruncated = false
  for (const key of keys.filter((k) => k.startsWith(prefix) && k > startAfter).sort()) {
    const at = delimiter ? key.indexOf(delimiter, prefix.length) : -1
    if (at !== -1) commonPrefixes.add(key.slice(0, at + 1))
    else if (page.length < maxKeys) page.push(key)
    else {
      isTruncated = true
      break
    }
  }
  const metadata = await Promise.all(page.map((key) => this.getMetadata(bucket, key).catch(() => undefined)))
  return {
    objects: page.flatMap((key, i) =>
      metadata[i] === undefined ? [] : [new S3Object(bucket, key, null, metadata[i])],
    ),
    commonPrefixes: [...commonPrefixes].sort(),
    isTruncated,
  }
}

// s3rver seals a listing's continuation token with DES, which OpenSSL 3 (Node 17 and later) refuses:
// a listing past 1,000 keys (a few builds of the site side by side) answered 500. The token only has
// to come back as it went out, so for s3rver alone `des` is a cipher that leaves its text as it is;
// nothing else here uses DES, and every other algorithm is Node's own.
const nodeCrypto = createRequire(import.meta.url)('node:crypto') as Record<string, unknown>
const passThrough = () => ({
  update: (data: string | Buffer, encoding?: BufferEncoding) =>
    Buffer.isBuffer(data) ? data : Buffer.from(data, encoding),
  final: () => Buffer.alloc(0),
})
for (const name of ['createCipheriv', 'createDecipheriv']) {
  const own = nodeCrypto[name] as (algorithm: string, ...rest: unknown[]) => unknown
  nodeCrypto[name] = (algorithm: string, ...rest: unknown[]) =>
    algorithm === 'des' ? passThrough() : own(algorithm, ...rest)
}

export async function startLocalS3(port = 0, buckets = ['site']) {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // Requests reach it through the front below, signed for the front's address.
    allowMismatchedSignatures: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  })
  const { port: inner } = await server.run()
  const env = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' }
  const front = await conditionalWrites(`http://127.0.0.1:${inner}`, port, env).catch(async (err: unknown) => {
    await server.close()
    rmSync(directory, { recursive: true, force: true })
    throw err
  })
  return {
    server,
    endpoint: front.endpoint,
    /** s3rver's fixed key pair. */
    env,
    /** An SDK client of this S3, with its key pair; the caller destroys it. */
    client: () =>
      new S3Client({
        endpoint: front.endpoint,
        region: env.AWS_REGION,
        forcePathStyle: true,
        credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
      }),
    async stop() {
      await front.stop()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

/**
 * S3's conditional writes, which s3rver lacks, in front of it: a PUT with `If-None-Match: *` is
 * refused with 412 PreconditionFailed when the key exists, one with `If-Match` when the key's ETag is
 * another; the check and the write happen one at a time per key, as S3 guarantees. Everything else
 * passes through untouched.
 */
async function conditionalWrites(origin: string, port: number, env: Record<string, string>) {
  const client = new S3Client({
    endpoint: origin,
    region: env.AWS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
  })
  const queues = new Map<string, Promise<unknown>>()
  const serialized = <T>(key: string, run: () => Promise<T>): Promise<T> => {
    const before = queues.get(key) ?? Promise.resolve()
    const next = before.then(run, run)
    queues.set(
      key,
      next.catch(() => {}),
    )
    return next
  }
  const pass = (req: IncomingMessage, res: ServerResponse, body?: Buffer) =>
    new Promise<void>((done) => {
      const upstream = request(`${origin}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
        answer.on('end', () => done())
      })
      upstream.on('error', () => {
        res.destroy()
        done()
      })
      if (body) upstream.end(body)
      else req.pipe(upstream)
    })
  const front = createServer((req, res) => {
    const ifMatch = req.headers['if-match']
    const ifNoneMatch = req.headers['if-none-match']
    // A write lands whole (the store's putObject above), so only a conditional one waits its turn.
    if (req.method !== 'PUT' || (!ifMatch && !ifNoneMatch)) return void pass(req, res)
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const [bucket, ...rest] = decodeURIComponent(new URL(req.url ?? '/', origin).pathname.slice(1)).split('/')
      const key = rest.join('/')
      void serialized(`${bucket}/${key}`, async () => {
        let etag: string | undefined
        try {
          etag = (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ETag
        } catch {
          etag = undefined
        }
        const refused = ifNoneMatch === '*' ? etag !== undefined : ifMatch !== undefined && ifMatch !== etag
        if (refused) {
          res.writeHead(412, { 'content-type': 'application/xml' })
          res.end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message><Condition>If-Match</Condition></Error>',
          )
          return
        }
        await pass(req, res, Buffer.concat(chunks))
      })
    })
  })
  // A port already taken is an error to say (`npm run s3:local`: S3_PORT), not a crash.
  await new Promise<void>((ok, fail) => {
    front.once('error', (err) => {
      client.destroy()
      fail(err)
    })
    front.listen(port, '127.0.0.1', ok)
  })
  return {
    endpoint: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    async stop() {
      front.closeAllConnections()
      await new Promise((ok) => front.close(ok))
      client.destroy()
    },
  }
}

/**
 * The whole local path: S3, the key value store and the edge serving `bucket` through them on
 * `edgePort`. `apiOrigin` puts an API behind /api/*, as CloudFront's second behaviour does.
 */
export async function startLocalSite(
  ports: { s3?: number; kvs?: number; edge?: number } = {},
  options: { bucket?: string; apiOrigin?: string } = {},
) {
  const bucket = options.bucket ?? 'site'
  const s3 = await startLocalS3(ports.s3 ?? 0, [bucket])
  const kvs = await startKvsServer({ port: ports.kvs ?? 0 }).catch(async (err: unknown) => {
    await s3.stop()
    throw err
  })
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY },
  })
  let edge: Server
  try {
    edge = await serveBucket(s3Bucket(client, bucket), async (key) => kvs.get(key), ports.edge ?? 0, '127.0.0.1', {
      apiOrigin: options.apiOrigin,
    })
  } catch (err) {
    client.destroy()
    await Promise.all([kvs.stop(), s3.stop()])
    throw err
  }
  const edgePort = (edge.address() as { port: number }).port
  return {
    s3,
    kvs,
    bucket,
    edge: `http://127.0.0.1:${edgePort}`,
    /** The environment and flags of `npm run deploy` for this site. */
    env: s3.env,
    deployArgs: ['--bucket', bucket, '--endpoint', s3.endpoint, '--kvs-arn', kvs.arn, '--kvs-endpoint', kvs.endpoint],
    async stop() {
      edge.closeAllConnections()
      await new Promise((ok) => edge.close(ok))
      client.destroy()
      await Promise.all([kvs.stop(), s3.stop()])
    },
  }
}

/**
 * `from` (a built site) copied to `<work>/<id>` as another build: its id replaced wherever the
 * pages and manifests write it, its meta renamed. What the deploy tests and the bench deploy.
 */
export function copyBuildAs(work: string, id: string, from = 'dist'): string {
  const dir = join(work, id)
  rmSync(dir, { recursive: true, force: true })
  cpSync(from, dir, { recursive: true })
  const old = (JSON.parse(readFileSync(join(dir, 'builds/latest.json'), 'utf8')) as { id: string }).id
  for (const f of readdirSync(dir, { recursive: true }) as string[])
    if (/\.(html|json)$/.test(f)) writeFileSync(join(dir, f), readFileSync(join(dir, f), 'utf8').replaceAll(old, id))
  renameSync(join(dir, `builds/meta/${old}.json`), join(dir, `builds/meta/${id}.json`))
  return dir
}
