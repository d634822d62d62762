// What a failure of an `npm run` command says (scripts/lib/cli/command.ts; docs/development.md, "The
// scripts"): real AWS SDK and network errors (the local S3, dynalite, a closed loopback port; never
// AWS) turned into one line that names what failed and the setting to check, in English or Arabic;
// and the same through the commands themselves, run as an operator runs them (commandRunner.ts).
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { describeError, type Resources } from '../../scripts/lib/cli/command'
import { startLocalS3 } from '../../host/local/localSite'
import { freePort, type Run, removeTempDirs, run, stackLine, tempDir } from './commandRunner'
import { dynaliteEnv, startDynalite, type TestDynamo } from './dynalite'

afterAll(removeTempDirs)

describe('what a failure says', { timeout: 60_000 }, () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>
  let dynamo: TestDynamo
  let closed: number
  beforeAll(async () => {
    ;[s3, dynamo, closed] = await Promise.all([startLocalS3(0, ['site']), startDynalite(), freePort()])
  })
  afterAll(async () => {
    await Promise.all([s3.stop(), dynamo.close()])
  })

  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  const bucket: Resources = { bucket: { name: 'nope', settings: ['--bucket', 'SITE_BUCKET'] } }
  const caught = (p: Promise<unknown>) =>
    p.then(
      () => expect.fail('it did not fail'),
      (e: unknown) => e,
    )
  const both = (err: unknown, about?: Resources) => ({
    en: describeError(err, 'en', about),
    ar: describeError(err, 'ar', about),
  })

  /** Runs `work` with no AWS region, credentials or profile in the environment (the SDK reads it at each call). */
  async function withoutAws<T>(work: () => Promise<T>): Promise<T> {
    const saved = { ...process.env }
    for (const k of Object.keys(process.env)) if (/^AWS_/.test(k)) delete process.env[k]
    const none = join(tempDir(), 'none')
    Object.assign(process.env, {
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_CONFIG_FILE: none,
      AWS_SHARED_CREDENTIALS_FILE: none,
    })
    try {
      return await work()
    } finally {
      for (const k of Object.keys(process.env)) if (/^AWS_/.test(k)) delete process.env[k]
      Object.assign(process.env, saved)
    }
  }

  test("no region: set AWS_REGION (or the command's own setting)", async () => {
    const err = await withoutAws(() =>
      caught(
        new S3Client({ credentials, endpoint: `http://127.0.0.1:${closed}` }).send(
          new GetObjectCommand({ Bucket: 'b', Key: 'k' }),
        ),
      ),
    )
    expect(both(err)).toEqual({ en: 'no AWS region: set AWS_REGION', ar: 'لم تُحدَّد منطقة AWS: اضبط AWS_REGION' })
    expect(describeError(err, 'en', { region: ['--region', 'AWS_REGION'] })).toBe(
      'no AWS region: set --region or AWS_REGION',
    )
    // As the SDK refuses one set empty (AWS_REGION=) or to what is not a region, before any request.
    const empty = new Error('Region not accepted: region="" is not a valid hostname component.')
    expect(describeError(empty, 'en')).toBe('no AWS region: set AWS_REGION')
    const wrong = new Error('Region not accepted: region="me south 1" is not a valid hostname component.')
    expect(describeError(wrong, 'en')).toBe(
      '"me south 1" is not an AWS region: set AWS_REGION to one, such as me-south-1',
    )
  })

  test('no credentials: how to give them', async () => {
    const err = await withoutAws(() =>
      caught(
        new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${closed}`, maxAttempts: 1 }).send(
          new GetObjectCommand({ Bucket: 'b', Key: 'k' }),
        ),
      ),
    )
    expect((err as Error).name).toBe('CredentialsProviderError')
    const line = both(err)
    expect(line.en).toMatch(
      /^no AWS credentials: give them as AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE/,
    )
    expect(line.ar).toMatch(/^لا توجد بيانات اعتماد لـ AWS: قدّمها في AWS_ACCESS_KEY_ID/)
  })

  test('credentials the service refuses, a bucket that does not exist, access denied', async () => {
    const client = (keys = credentials) =>
      new S3Client({
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: keys,
        maxAttempts: 1,
      })
    const refused = await caught(
      client({ accessKeyId: 'WRONG', secretAccessKey: 'WRONG' }).send(
        new GetObjectCommand({ Bucket: 'site', Key: 'k' }),
      ),
    )
    expect(describeError(refused, 'en')).toBe(
      'AWS refused the credentials (InvalidAccessKeyId): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE',
    )
    const missing = await caught(client().send(new GetObjectCommand({ Bucket: 'nope', Key: 'k' })))
    expect(missing).toBeInstanceOf(S3ServiceException)
    expect(both(missing, bucket)).toEqual({
      en: 'the bucket "nope" does not exist: check --bucket or SITE_BUCKET',
      ar: 'الحاوية «nope» غير موجودة: تحقّق من \u200E--bucket أو SITE_BUCKET',
    })
    const denied = new S3ServiceException({
      name: 'AccessDenied',
      $fault: 'client',
      $metadata: { httpStatusCode: 403 },
      message: 'Access Denied',
    })
    expect(describeError(denied, 'en', bucket)).toBe(
      'AWS denied access to the bucket "nope" (AccessDenied): check the permissions of the credentials in use, and --bucket or SITE_BUCKET',
    )
  })

  test('a table that does not exist (ResourceNotFoundException) names the table and its settings', async () => {
    const err = await caught(
      new DynamoDBClient({
        region: dynaliteEnv.AWS_REGION,
        endpoint: dynamo.endpoint,
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      }).send(new DescribeTableCommand({ TableName: 'nope' })),
    )
    expect((err as Error).name).toBe('ResourceNotFoundException')
    const table: Resources = { table: { name: 'nope', settings: ['DDB_TABLE', 'AWS_REGION'] } }
    expect(both(err, table)).toEqual({
      en: 'the table "nope" does not exist: check DDB_TABLE or AWS_REGION',
      ar: 'الجدول «nope» غير موجود: تحقّق من DDB_TABLE أو AWS_REGION',
    })
  })

  test('the network: a closed port, a name that does not resolve, a port in use; under the SDK and fetch', async () => {
    const endpoint = `http://127.0.0.1:${closed}`
    const viaSdk = await caught(
      new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials, maxAttempts: 1 }).send(
        new GetObjectCommand({ Bucket: 'site', Key: 'k' }),
      ),
    )
    const about: Resources = { endpoint: { url: endpoint, settings: ['--endpoint', 'S3_ENDPOINT'] } }
    expect(both(viaSdk, about)).toEqual({
      en: `nothing answers at ${endpoint} (connection refused): check --endpoint or S3_ENDPOINT`,
      ar: `لا شيء يجيب على ${endpoint} (رُفض الاتصال): تحقّق من \u200E--endpoint أو S3_ENDPOINT`,
    })
    const viaFetch = await caught(fetch(`${endpoint}/health`))
    expect(describeError(viaFetch, 'en')).toBe(
      `nothing answers at 127.0.0.1:${closed} (connection refused): is it running?`,
    )
    // A name that does not resolve, as the SDK throws it (never looked up here: loopback only).
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND s3.example.invalid'), {
      code: 'ENOTFOUND',
      syscall: 'getaddrinfo',
      hostname: 's3.example.invalid',
      $metadata: { attempts: 1 },
    })
    expect(describeError(dns, 'en', about)).toBe(
      'the host s3.example.invalid is not found (DNS): check --endpoint or S3_ENDPOINT',
    )
    const holder = createServer()
    await new Promise<void>((ok) => holder.listen(0, '127.0.0.1', ok))
    const port = (holder.address() as { port: number }).port
    const second: Server = createServer()
    const inUse = await new Promise<unknown>((done) => {
      second.once('error', done)
      second.listen(port, '127.0.0.1')
    })
    await new Promise((ok) => holder.close(ok))
    expect(both(inUse, { ports: { [port]: 'S3_PORT' } })).toEqual({
      en: `port ${port} on 127.0.0.1 is in use: stop what listens there, or set S3_PORT`,
      ar: `المنفذ ${port} على 127.0.0.1 مشغول: أوقف ما يستمع عليه، أو اضبط S3_PORT`,
    })
  })

  test('a refusal carrying its own words; anything else by its first line', () => {
    const refusal = Object.assign(new Error('x'), { text: { en: 'No incident "nope".', ar: 'لا يوجد حادث «nope».' } })
    expect(both(refusal)).toEqual({ en: 'No incident "nope".', ar: 'لا يوجد حادث «nope».' })
    expect(both(new Error('disk full\n  more detail'))).toEqual({
      en: 'failed: disk full',
      ar: 'تعذّر التنفيذ: disk full',
    })
  })

  test('through the commands: one line, exit 1, no stack trace', async () => {
    const dir = tempDir()
    const open = [
      'incident',
      'open',
      '--component',
      'api',
      '--impact',
      'major',
      '--title-en',
      'Down',
      '--title-ar',
      'متوقف',
      '--text-en',
      'Looking.',
      '--text-ar',
      'نتحقق.',
    ]
    // The deploy's stores: the local S3 (or a closed port) and a key value store nothing answers for.
    const deployAt = (endpoint: string) => [
      '--bucket',
      'site',
      '--kvs-arn',
      'arn:aws:cloudfront::111111111111:key-value-store/x',
      '--endpoint',
      endpoint,
      '--kvs-endpoint',
      `http://127.0.0.1:${closed}`,
    ]
    const [noBucket, closedEndpoint, noTable, noRegion, folder, deployClosed, deployKvs, showNoBucket] =
      await Promise.all([
        run('status', open, { ...s3.env, SITE_BUCKET: 'nope', S3_ENDPOINT: s3.endpoint }),
        run('status', ['show', '--lang', 'ar'], {
          ...s3.env,
          SITE_BUCKET: 'site',
          S3_ENDPOINT: `http://127.0.0.1:${closed}`,
        }),
        run('api', ['export', 'contacts'], {
          ...dynaliteEnv,
          API_STORE: 'dynamodb',
          DDB_TABLE: 'nope',
          DDB_ENDPOINT: dynamo.endpoint,
        }),
        run('api', ['migrate'], {
          API_STORE: 'dynamodb',
          DDB_TABLE: 'leads',
          AWS_REGION: '',
          AWS_DEFAULT_REGION: '',
          AWS_PROFILE: '',
          AWS_CONFIG_FILE: join(dir, 'none'),
          AWS_SHARED_CREDENTIALS_FILE: join(dir, 'none'),
        }),
        run('status', open, { STATUS_DIR: join(dir, 'status') }),
        run('deploy', ['--list', ...deployAt(`http://127.0.0.1:${closed}`)], s3.env),
        run('deploy', ['--dir', 'dist', ...deployAt(s3.endpoint)], s3.env),
        run('status', ['show'], { ...s3.env, SITE_BUCKET: 'nope', S3_ENDPOINT: s3.endpoint }),
      ])
    const oneLine = (r: Run, line: string) => {
      expect(r.code, r.stderr).toBe(1)
      expect(r.stderr).toBe(`${line}\n`)
      expect(r.stdout).not.toMatch(stackLine)
    }
    oneLine(noBucket, 'status: the bucket "nope" does not exist: check --bucket or SITE_BUCKET')
    // Reading too: a bucket that is not there is never "no status document yet".
    oneLine(showNoBucket, 'status: the bucket "nope" does not exist: check --bucket or SITE_BUCKET')
    oneLine(
      closedEndpoint,
      `status: لا شيء يجيب على http://127.0.0.1:${closed} (رُفض الاتصال): تحقّق من \u200E--endpoint أو S3_ENDPOINT`,
    )
    expect(noTable.stderr).toMatch(
      /^api export: the table "nope" does not exist: check DDB_TABLE, AWS_REGION,? or DDB_ENDPOINT\n$/,
    )
    expect(noTable.code).toBe(1)
    oneLine(noRegion, 'api migrate: no AWS region: set AWS_REGION')
    // A deploy's failure (after its progress lines: a blank line first) and the line naming the live build.
    expect(deployClosed.code).toBe(1)
    expect(deployClosed.stderr.trim()).toBe(
      `deploy: nothing answers at http://127.0.0.1:${closed} (connection refused): check --endpoint`,
    )
    expect(deployKvs.code).toBe(1)
    expect(deployKvs.stderr.trim().split('\n')).toEqual([
      `deploy: Reading the live build from arn:aws:cloudfront::111111111111:key-value-store/x failed: nothing answers at http://127.0.0.1:${closed} (connection refused): check --kvs-endpoint`,
      expect.stringMatching(/^Nothing was switched/),
    ])
    expect(deployKvs.stderr).not.toMatch(stackLine)
    // No bucket given: the result line says it went to a folder, and why.
    expect(folder).toMatchObject({ code: 0, stderr: '' })
    expect(folder.stdout).toMatch(
      new RegExp(
        `^Opened incident \\S+ \\(revision 1\\), written to the folder ${join(dir, 'status')}/ \\(no bucket given: --bucket or SITE_BUCKET\\)\\.\n$`,
      ),
    )
  })
})
