// `npm run deploy` on the production path, on 127.0.0.1 (docs/deploy.md, "On this machine"; the
// path and the harness: ./deploySite.ts): its usage and refusals; a first deploy, its layout in the
// bucket, its objects' types, caching and policy, and a second one that uploads nothing; the status
// document it never publishes (docs/status.md); and with `--status-bucket`, the status host's
// bucket brought to the live build (docs/aws.md, "The status host"). Switching, rollbacks and
// pruning: ./deploySwitch.test.ts, ./deployRollback.test.ts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { beforeAll, describe, expect, it } from 'vitest'
import { bucketKey, IMMUTABLE, REVALIDATE, STATUS_HOST_FILES } from '../../host/rules'
import { buildCsp } from '../../host/local/cdn'
import { copyBuildAs } from '../../host/local/localSite'
import {
  deploy,
  dist,
  distId,
  files,
  uploaded,
  freshSite,
  head,
  keys,
  live,
  nextBuild,
  object,
  proxy,
  type Run,
  run,
  withFlag,
  work,
} from './deploySite'

describe('npm run deploy: usage', () => {
  it('prints its help, and refuses wrong usage with exit code 2', async () => {
    const env = {}
    const help = await deploy(['--help'], env)
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/--list[\s\S]*--rollback \[<build id>\][\s\S]*--kvs-arn <arn>[\s\S]*--prune-keep <N>/)
    expect(help.stdout).toMatch(/--status-bucket <name>[\s\S]*STATUS_BUCKET[\s\S]*--status-region <region>/)
    const cases: [string[], RegExp][] = [
      [[], /--bucket <name> \(or SITE_BUCKET\) is required/],
      [['--bucket', 'site'], /--kvs-arn <arn> \(or SITE_KVS_ARN\) is required/],
      [['--bucket', 'site', '--kvs-arn', 'arn', '--force'], /unknown option --force/],
      [['--bucket', 'site', '--kvs-arn', 'arn', '--prune-keep', '0'], /--prune-keep wants a whole number/],
      [['--bucket', 'site', '--kvs-arn', 'arn', '--list', '--rollback'], /--list and --rollback do not go together/],
      [['--bucket', 'site', '--kvs-arn', 'arn', '--rollback', 'a/b'], /"a\/b" is not a build id/],
      [['--bucket', 'site', '--kvs-arn', 'arn', '--lang', 'fr'], /--lang is en or ar, not "fr"/],
      [
        ['--bucket', 'site', '--kvs-arn', 'arn', '--status-region', 'eu-central-1'],
        /--status-region .* goes with --status-bucket/,
      ],
      [
        ['--bucket', 'site', '--kvs-arn', 'arn', '--status-bucket', 'site'],
        /--status-bucket must be the status host's own bucket/,
      ],
      [
        ['--bucket', 'site', '--kvs-arn', 'arn', '--dir', join(work, 'nothing')],
        /nothing\/builds\/latest\.json is missing: run npm run build first/,
      ],
    ]
    for (const [args, message] of cases) {
      const r = await deploy(args, { SITE_BUCKET: undefined, SITE_KVS_ARN: undefined })
      expect([r.code, r.stderr], args.join(' ')).toEqual([2, expect.stringMatching(message)])
    }
  })

  it('refuses credentials or a query in either endpoint, and never prints them', async () => {
    const secret = /s3cr3t-value|AKIAEXAMPLE/
    for (const flag of ['--endpoint', '--kvs-endpoint'])
      for (const endpoint of [
        'http://AKIAEXAMPLE:s3cr3t-value@127.0.0.1:4569',
        'AKIAEXAMPLE:s3cr3t-value@127.0.0.1:4569',
      ]) {
        const r = await deploy(['--bucket', 'site', '--kvs-arn', 'arn', flag, endpoint], {})
        expect([r.code, r.stderr], `${flag} ${endpoint}`).toEqual([
          2,
          expect.stringMatching(/must not hold credentials/),
        ])
        expect(`${r.stdout}${r.stderr}`).not.toMatch(secret)
      }
  })
})

describe('npm run deploy: a first deploy', () => {
  let site: Awaited<ReturnType<typeof freshSite>>
  let first: Run
  beforeAll(async () => {
    site = await freshSite()
    expect((await fetch(`${site.edge}/`)).status).toBe(503)
    first = await run(site)
  })

  it('puts the build under its release, the assets and meta beside, and 404.html at the root', async () => {
    expect(first.code, first.stderr).toBe(0)
    const expected = [
      ...uploaded(dist).map((f) => bucketKey(distId, f)),
      '404.html',
      `deploys/builds/${distId}.json`,
    ].sort()
    const all = await keys(site)
    expect(all.filter((k) => !k.startsWith('deploys/switches/'))).toEqual(expected)
    // Never a status document, even where the build left one (docs/status.md).
    expect(all.filter((k) => k.startsWith('status/'))).toEqual([])
    expect(all.filter((k) => k.startsWith('deploys/switches/'))).toHaveLength(1)
    expect(first.stdout).toMatch(new RegExp(`Switched the live build from none to ${distId} in \\d+ ms`))
    expect(first.stdout).toMatch(
      new RegExp(`Deployed build ${distId} to s3://site/: ${uploaded(dist).length} uploaded`),
    )
  })

  it("gives each object its Content-Type, Cache-Control, and the build's policy on its own files", async () => {
    const csp = buildCsp(dist)
    const font = files(dist).find((f) => f.endsWith('.woff2'))!
    const expected: [string, string, string, string | undefined][] = [
      ['index.html', 'text/html; charset=utf-8', REVALIDATE, csp],
      ['ar/guide/webhooks/index.html', 'text/html; charset=utf-8', REVALIDATE, csp],
      ['pricing/_payload.json', 'application/json; charset=utf-8', REVALIDATE, csp],
      ['builds/latest.json', 'application/json; charset=utf-8', REVALIDATE, csp],
      [`builds/meta/${distId}.json`, 'application/json; charset=utf-8', IMMUTABLE, undefined],
      [font, 'font/woff2', IMMUTABLE, undefined],
    ]
    for (const [file, type, cache, policy] of expected) {
      const h = await head(site, bucketKey(distId, file))
      expect([file, h.ContentType, h.CacheControl, h.Metadata?.csp]).toEqual([file, type, cache, policy])
    }
    expect((await head(site, '404.html')).Metadata?.csp).toBe(csp)
  })

  it('serves the site through the edge, with the policy, and lists the build as live', async () => {
    const page = await fetch(`${site.edge}/ar/pricing`)
    expect(page.status).toBe(200)
    expect(await page.text()).toBe(readFileSync('dist/ar/pricing/index.html', 'utf8'))
    expect(page.headers.get('content-security-policy')).toBe(buildCsp(dist))
    const missing = await fetch(`${site.edge}/no-such-page`)
    expect([missing.status, await missing.text()]).toEqual([404, readFileSync('dist/404.html', 'utf8')])
    const listed = await run(site, '--list')
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stdout).toMatch(new RegExp(`^\\* live\\s+${distId}\\s+\\S+\\s+\\d{4}-.*ops-test$`, 'm'))
    expect(listed.stdout).toMatch(new RegExp(`deploy\\s+none -> ${distId}\\s+by ops-test`))
  })

  it('answers a moved page with a 301 to its new address in the live build, through the edge', async () => {
    for (const path of ['/guide/refunds', '/ar/guide/refunds/']) {
      const res = await fetch(`${site.edge}${path}`, { redirect: 'manual' })
      expect([path, res.status, res.headers.get('location')]).toEqual([
        path,
        301,
        path.startsWith('/ar') ? '/ar/guide/payments/refunds' : '/guide/payments/refunds',
      ])
      expect(res.headers.get('cache-control')).toBe(REVALIDATE)
    }
    const moved = await head(site, bucketKey(distId, 'guide/refunds/index.html'))
    expect([moved.ContentLength, moved.Metadata?.location]).toEqual([0, '/guide/payments/refunds'])
    expect((await fetch(`${site.edge}/guide/payments/refunds`)).status).toBe(200)
  })

  it('skips every unchanged file the second time', async () => {
    const again = await run(site)
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(new RegExp(`: 0 uploaded \\(0 B\\) in [\\d.]+ s, ${uploaded(dist).length} unchanged`))
    expect(again.stdout).toMatch(/was live already/)
  })
})

describe('the status document (docs/status.md)', () => {
  it('is never published by a deploy: the first leaves status/ empty, a later one keeps what operators wrote', async () => {
    const site = await freshSite()
    // A build that still carries a status folder (an older build, or a preview's copy): skipped.
    const dir = copyBuildAs(work, 'status-a')
    mkdirSync(join(dir, 'status'), { recursive: true })
    writeFileSync(join(dir, 'status', 'status.json'), JSON.stringify({ sample: true }))
    writeFileSync(join(dir, 'status', 'incidents.atom'), '<feed/>')
    const first = await run(site, '--dir', dir)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).not.toMatch(/status\//)
    expect(await keys(site, 'status/')).toEqual([])
    // Nothing to show yet: S3's 403 for a missing key, the 404 the page reads as "No status published yet".
    expect((await fetch(`${site.edge}/status/status.json`)).status).toBe(404)
    // Operations write a real document; the next deploy leaves it and its feeds alone.
    const operators = JSON.stringify({ written: 'by operations' })
    for (const [key, body] of [
      ['status/status.json', operators],
      ['status/incidents.atom', '<feed>operations</feed>'],
    ])
      await site.client.send(new PutObjectCommand({ Bucket: site.bucket, Key: key, Body: body }))
    const second = await run(site, '--dir', dir)
    expect(second.code, second.stderr).toBe(0)
    const third = await run(site, '--dir', copyBuildAs(work, 'status-b'))
    expect(third.code, third.stderr).toBe(0)
    expect(await keys(site, 'status/')).toEqual(['status/incidents.atom', 'status/status.json'])
    expect(await (await object(site, 'status/status.json')).Body!.transformToString()).toBe(operators)
    const res = await fetch(`${site.edge}/status/status.json`)
    expect([res.status, await res.text()]).toEqual([200, operators])
  })
})

describe('npm run deploy --status-bucket: the status host (docs/aws.md, "The status host")', () => {
  const STATUS = 'status-host'
  async function withStatusBucket() {
    const site = await freshSite()
    await site.client.send(new CreateBucketCommand({ Bucket: STATUS }))
    return site
  }
  const statusKeys = (site: Awaited<ReturnType<typeof freshSite>>) => keys(site, '', STATUS)
  const statusObject = (site: Awaited<ReturnType<typeof freshSite>>, key: string) =>
    site.client.send(new GetObjectCommand({ Bucket: STATUS, Key: key }))
  /** An S3 endpoint in front of `site`'s that records every PUT to the status bucket, and may refuse some. */
  async function recording(
    site: Awaited<ReturnType<typeof freshSite>>,
    refuse: (key: string) => boolean = () => false,
  ) {
    const puts: string[] = []
    const endpoint = await proxy(site.s3.endpoint, async (req, path) => {
      if (req.method !== 'PUT' || !path.startsWith(`/${STATUS}/`)) return 'pass'
      const key = path.slice(STATUS.length + 2)
      if (refuse(key))
        return { status: 403, body: '<Error><Code>AccessDenied</Code><Message>denied (test proxy)</Message></Error>' }
      puts.push(key)
      return 'pass'
    })
    return { puts, args: withFlag(site.deployArgs, '--endpoint', endpoint) }
  }

  it('gets the monitoring pages of both languages and every asset they need, assets first, pages last; never status/', async () => {
    const site = await withStatusBucket()
    // The document as replication brings it: the deploy never touches it.
    await site.client.send(new PutObjectCommand({ Bucket: STATUS, Key: 'status/status.json', Body: '{"replica":1}' }))
    const { puts, args } = await recording(site)
    const dir = nextBuild('host-a')
    const r = await deploy(
      [...args, '--dir', dir, '--status-bucket', STATUS, '--status-region', 'eu-central-1'],
      site.env,
    )
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(
      new RegExp(
        `Status host s3://${STATUS}/: the monitoring pages of build host-a, \\d+ uploaded .*assets first, pages last`,
      ),
    )
    const stored = await statusKeys(site)
    // The pages, their payloads and shells, the build's pointer and meta, the icon and the 404 page.
    expect(stored).toEqual(expect.arrayContaining([...STATUS_HOST_FILES, 'builds/meta/host-a.json']))
    // Every asset a page names, and those they name: the stylesheet, its fonts, the scripts and their chunks.
    const html = ['monitoring/index.html', 'ar/monitoring/index.html'].map((f) => readFileSync(join(dir, f), 'utf8'))
    const named = html.flatMap((h) => [...h.matchAll(/"\/(assets\/[^"]+)"/g)].map((m) => m[1]!))
    expect(named.length).toBeGreaterThan(3)
    expect(named).toContain('assets/chunks/only-host-a.js')
    expect(stored).toEqual(expect.arrayContaining(named))
    const css = named.find((a) => a.endsWith('.css'))!
    const fonts = [...readFileSync(join(dir, css), 'utf8').matchAll(/url\(\/?(assets\/fonts\/[^)]+)\)/g)].map(
      (m) => m[1]!,
    )
    expect(fonts.length).toBeGreaterThan(0)
    expect(stored).toEqual(expect.arrayContaining(fonts))
    for (const key of stored.filter((k) => /\.(js|css)$/.test(k))) {
      const text = readFileSync(join(dir, key), 'utf8')
      for (const [, rel] of text.matchAll(/from\s*"(\.\.?\/[^"]+)"/g)) {
        const target = join(key, '..', rel!)
        expect(stored, `${key} imports ${target}`).toContain(target)
      }
    }
    // Nothing else of the site: no other page, no release, no history, no social card.
    expect(stored.filter((k) => k.endsWith('.html')).sort()).toEqual(
      ['404.html', 'ar/monitoring/index.html', 'monitoring/index.html'].sort(),
    )
    expect(
      stored.some((k) => k.startsWith('releases/') || k.startsWith('deploys/') || k.startsWith('assets/cards/')),
    ).toBe(false)
    // The replicated document is the replication's: kept, and never written by the deploy.
    expect(await (await statusObject(site, 'status/status.json')).Body!.transformToString()).toBe('{"replica":1}')
    expect(puts.filter((k) => k.startsWith('status/'))).toEqual([])
    // Assets and metas first, then payloads and shells, then the pages, the build's pointer last.
    const step = (k: string) =>
      k.startsWith('assets/') || k.startsWith('builds/meta/')
        ? 0
        : k === 'builds/latest.json'
          ? 3
          : k.endsWith('.html')
            ? 2
            : 1
    expect(puts.map(step)).toEqual([...puts.map(step)].sort())
    expect(puts.at(-1)).toBe('builds/latest.json')
    expect(puts.indexOf('monitoring/index.html')).toBeGreaterThan(puts.lastIndexOf(css))
    // As the site's: types, caching, and each page's policy for the viewer-response function.
    const page = await statusObject(site, 'ar/monitoring/index.html')
    expect([page.ContentType, page.CacheControl, page.Metadata?.csp]).toEqual([
      'text/html; charset=utf-8',
      REVALIDATE,
      buildCsp(dir),
    ])
    expect(await page.Body!.transformToString()).toBe(readFileSync(join(dir, 'ar/monitoring/index.html'), 'utf8'))
    const asset = await statusObject(site, css)
    expect([asset.ContentType, asset.CacheControl, asset.Metadata?.csp]).toEqual([
      'text/css; charset=utf-8',
      IMMUTABLE,
      undefined,
    ])
    // Again: nothing changed, nothing uploaded.
    const again = await deploy([...args, '--dir', dir, '--status-bucket', STATUS], site.env)
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/Status host s3:\/\/status-host\/: the monitoring pages of build host-a, 0 uploaded/)
  })

  it('never shows a page whose assets are missing: a refused asset stops it before the pages, and says the site is live', async () => {
    const site = await withStatusBucket()
    const { puts, args } = await recording(site, (key) => key.startsWith('assets/entries/'))
    const r = await deploy([...args, '--dir', nextBuild('host-b'), '--status-bucket', STATUS], site.env)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(
      /build host-b is live, but the status host \(s3:\/\/status-host\/\) was not brought to it: .*Run the same command again to finish\./,
    )
    expect(await live(site)).toBe('host-b')
    expect(puts.some((k) => k.endsWith('.html'))).toBe(false)
    expect((await statusKeys(site)).filter((k) => k.endsWith('.html'))).toEqual([])
    // Run again once the bucket takes them: it finishes.
    const again = await deploy([...site.deployArgs, '--dir', join(work, 'host-b'), '--status-bucket', STATUS], site.env)
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/was live already/)
    expect(await statusKeys(site)).toEqual(
      expect.arrayContaining(['monitoring/index.html', 'ar/monitoring/index.html']),
    )
  })

  it('follows the live build back on --rollback, from the build’s own files in the site’s bucket; a dry run changes nothing', async () => {
    const site = await withStatusBucket()
    const withStatus = [...site.deployArgs, '--status-bucket', STATUS]
    for (const id of ['host-c', 'host-d']) {
      const r = await deploy([...withStatus, '--dir', nextBuild(id)], site.env)
      expect(r.code, r.stderr).toBe(0)
    }
    const page = async () => (await statusObject(site, 'monitoring/index.html')).Body!.transformToString()
    expect(await page()).toContain('only-host-d.js')
    const plan = await deploy([...withStatus, '--rollback', '--dry-run'], site.env)
    expect(plan.stdout).toMatch(
      /Dry run: the status host \(s3:\/\/status-host\/\) would get [1-9]\d* file\(s\) of build host-c/,
    )
    expect(await page()).toContain('only-host-d.js')
    const back = await deploy([...withStatus, '--rollback'], site.env)
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toMatch(/Status host s3:\/\/status-host\/: the monitoring pages of build host-c/)
    expect(await page()).toContain('only-host-c.js')
    expect(await page()).not.toContain('only-host-d.js')
    expect(await (await statusObject(site, 'builds/latest.json')).Body!.transformToString()).toContain('host-c')
    expect((await statusObject(site, 'ar/monitoring/index.html')).Metadata?.csp).toBe(buildCsp(join(work, 'host-c')))
  })
})
