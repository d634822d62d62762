// `npm run deploy` switching the live build (the path and the harness: ./deploySite.ts): every page
// at once while clients load them, a deploy killed half-way, a refused upload, a failed switch, and
// another operator's switch made during the upload.
import { describe, expect, it } from 'vitest'
import {
  buildOf,
  deploy,
  files,
  freshSite,
  keys,
  lastLine,
  live,
  nextBuild,
  proxy,
  type Run,
  run,
  stallingUploads,
  withFlag,
} from './deploySite'

describe('npm run deploy: switching builds', () => {
  it('switches every page at once: while B uploads, every answer is A; after the switch, never A again', async () => {
    const site = await freshSite()
    const a = nextBuild('build-a')
    const b = nextBuild('build-b')
    expect((await deploy([...site.deployArgs, '--dir', a], site.env)).code).toBe(0)
    const paths = [
      '/',
      '/pricing',
      '/ar/pricing',
      '/pricing/_payload.json',
      '/ar/_payload.json',
      '/builds/latest.json',
      '/_shell/ar.json',
    ]
    const answers: { path: string; build: string; start: number; end: number }[] = []
    let loading = true
    const client = (async () => {
      for (let i = 0; loading; i++) {
        const path = paths[i % paths.length]!
        const start = performance.now()
        const build = await buildOf(site, path, ['build-a', 'build-b'])
        answers.push({ path, build, start, end: performance.now() })
      }
    })()
    const deployB = await deploy([...site.deployArgs, '--dir', b], site.env)
    // A few more rounds after the deploy has ended.
    const after = answers.length
    while (answers.length < after + 3 * paths.length) await new Promise((ok) => setTimeout(ok, 5))
    loading = false
    await client
    expect(deployB.code, deployB.stderr).toBe(0)
    expect(answers.filter((x) => !/^build-[ab]$/.test(x.build))).toEqual([])
    const firstB = answers.find((x) => x.build === 'build-b')!
    const lateA = answers.filter((x) => x.build === 'build-a' && x.start > firstB.end)
    expect(lateA, 'an answer of A after one of B').toEqual([])
    // The loop ran all through the upload: many answers, all of A, before the switch.
    expect(answers.indexOf(firstB)).toBeGreaterThan(20)
    expect(answers.slice(-paths.length).every((x) => x.build === 'build-b')).toBe(true)
  })

  it('killed half-way, changes nothing a visitor sees; run again, it completes and switches', async () => {
    const site = await freshSite()
    expect((await deploy([...site.deployArgs, '--dir', nextBuild('build-a')], site.env)).code).toBe(0)
    const b = nextBuild('build-b')
    const { args, stalledNow } = await stallingUploads(site)
    let kill = () => {}
    const killed = deploy([...args, '--dir', b], site.env, (k) => (kill = k))
    await stalledNow
    kill()
    expect((await killed).code).not.toBe(0)
    expect((await keys(site, 'releases/build-b/')).length).toBeGreaterThan(0)
    for (const path of ['/', '/pricing', '/ar/guide/webhooks', '/pricing/_payload.json', '/builds/latest.json'])
      expect(await buildOf(site, path, ['build-a', 'build-b']), path).toBe('build-a')
    const listed = await run(site, '--list')
    expect(listed.stdout).toMatch(/^incomplete\s+build-b/m)
    expect(listed.stdout).toMatch(/^\* live\s+build-a/m)
    const rerun = await deploy([...site.deployArgs, '--dir', b], site.env)
    expect(rerun.code, rerun.stderr).toBe(0)
    const uploaded = Number(/: (\d+) uploaded/.exec(rerun.stdout)![1])
    expect(uploaded).toBeGreaterThan(0)
    expect(uploaded).toBeLessThan(files(b).length - 25)
    expect(await live(site)).toBe('build-b')
  })

  it('a refused upload stops the deploy before the switch, and says which build stays live', async () => {
    const site = await freshSite()
    expect((await deploy([...site.deployArgs, '--dir', nextBuild('build-a')], site.env)).code).toBe(0)
    const s3 = await proxy(site.s3.endpoint, async (req, path) =>
      req.method === 'PUT' && path.endsWith('build-b/ar/pricing/index.html')
        ? { status: 403, body: '<Error><Code>AccessDenied</Code><Message>denied (test proxy)</Message></Error>' }
        : 'pass',
    )
    const r = await deploy([...withFlag(site.deployArgs, '--endpoint', s3), '--dir', nextBuild('build-b')], site.env)
    expect(r.code).toBe(1)
    // What failed, and what to check, in one line (scripts/lib/cli/command.ts describeError).
    expect(r.stderr).toMatch(
      /\ndeploy: Uploading releases\/build-b\/ar\/pricing\/index\.html failed: AWS denied access to the bucket "site" \(AccessDenied\): check the permissions of the credentials in use, and --bucket or SITE_BUCKET\n/,
    )
    expect(lastLine(r.stderr)).toBe(
      'Nothing was switched: build build-a stays live. Run the same command again to finish.',
    )
    expect(await live(site)).toBe('build-a')
  })

  it('an upload S3 answers 503 is tried again and counted; one it answers 500 every time stops the deploy after 5 attempts, before the switch', async () => {
    const site = await freshSite()
    const tries = { a: 0, b: 0 }
    const s3 = await proxy(site.s3.endpoint, async (req, path) => {
      if (req.method !== 'PUT') return 'pass'
      if (path.endsWith('/build-a/pricing/index.html') && ++tries.a <= 2)
        return {
          status: 503,
          body: '<Error><Code>ServiceUnavailable</Code><Message>busy (test proxy)</Message></Error>',
        }
      if (!path.endsWith('/build-b/pricing/index.html')) return 'pass'
      tries.b++
      return { status: 500, body: '<Error><Code>InternalError</Code><Message>broken (test proxy)</Message></Error>' }
    })
    const args = withFlag(site.deployArgs, '--endpoint', s3)
    const a = await deploy([...args, '--dir', nextBuild('build-a')], site.env)
    expect(a.code, a.stderr).toBe(0)
    // Those two, and any other request the SDK tried again on its own.
    expect(Number(/, (\d+) retried, /.exec(a.stdout)?.[1])).toBeGreaterThanOrEqual(2)
    expect(tries.a).toBe(3)
    const b = await deploy([...args, '--dir', nextBuild('build-b')], site.env)
    expect(b.code).toBe(1)
    expect(b.stderr).toMatch(/\ndeploy: Uploading releases\/build-b\/pricing\/index\.html failed after 5 attempts: /)
    expect(tries.b).toBe(5)
    expect(lastLine(b.stderr)).toBe(
      'Nothing was switched: build build-a stays live. Run the same command again to finish.',
    )
    expect(await live(site)).toBe('build-a')
  })

  it('a failed switch says so and leaves the old build live', async () => {
    const site = await freshSite()
    expect((await deploy([...site.deployArgs, '--dir', nextBuild('build-a')], site.env)).code).toBe(0)
    const kvs = await proxy(site.kvs.endpoint, async (req) =>
      req.method === 'PUT' ? { status: 500, body: '{"Message":"InternalServerException (test proxy)"}' } : 'pass',
    )
    const r = await deploy(
      [...withFlag(site.deployArgs, '--kvs-endpoint', kvs), '--dir', nextBuild('build-b')],
      site.env,
    )
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/the switch to build-b failed: .*Build build-a stays live/)
    expect(lastLine(r.stderr)).toMatch(/Build build-a stays live\.$/)
    expect(await live(site)).toBe('build-a')
    expect(await buildOf(site, '/pricing', ['build-a', 'build-b'])).toBe('build-a')
  })

  it("never switches over another operator's switch made during its upload", async () => {
    const site = await freshSite()
    for (const id of ['build-a', 'build-b'])
      expect((await deploy([...site.deployArgs, '--dir', nextBuild(id)], site.env)).code).toBe(0)
    // While build-c uploads, another operator rolls back to build-a.
    let rolledBack: Promise<Run> | undefined
    const s3 = await proxy(site.s3.endpoint, async (req) => {
      if (req.method === 'PUT' && !rolledBack) {
        rolledBack = run(site, '--rollback', 'build-a')
        await rolledBack
      }
      return 'pass'
    })
    const r = await deploy([...withFlag(site.deployArgs, '--endpoint', s3), '--dir', nextBuild('build-c')], site.env)
    expect((await rolledBack!).code).toBe(0)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(
      /the live build changed while this ran \(now build-a, was build-b\).*Build build-a stays live/,
    )
    expect(lastLine(r.stderr)).toMatch(/Build build-a stays live; run the command again to make build-c live\.$/)
    expect(await live(site)).toBe('build-a')
    // Neither action is lost: both are on record, and build-c is complete, ready to switch to.
    const listed = await run(site, '--list')
    expect(listed.stdout).toMatch(/rollback\s+build-b -> build-a/)
    expect(listed.stdout).toMatch(/^\s+build-c\s/m)
    expect((await run(site, '--rollback', 'build-c')).code).toBe(0)
    expect(await live(site)).toBe('build-c')
  })
})
