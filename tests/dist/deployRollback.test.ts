// `npm run deploy --rollback` and `--prune-keep` (the path and the harness: ./deploySite.ts): a
// rollback in seconds and one to a named build, pruning that never deletes what a kept build uses,
// a second and a third `--rollback` (further back, then refused, never to a build rolled back from),
// two operators rolling back at once, interruptions (SIGTERM, Ctrl-C) and the Arabic lines.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  buildOf,
  deploy,
  deployEach,
  freshSite,
  keys,
  lastLine,
  live,
  nextBuild,
  object,
  proxy,
  run,
  stallingUploads,
  visitorSees,
  withFlag,
  work,
} from './deploySite'

describe('npm run deploy: rollback and pruning', () => {
  it('--rollback goes back to the previous build in seconds, with no upload; --rollback <id> to a named one', async () => {
    const site = await freshSite()
    for (const id of ['build-a', 'build-b'])
      expect((await deploy([...site.deployArgs, '--dir', nextBuild(id)], site.env, undefined)).code).toBe(0)
    expect(await live(site)).toBe('build-b')
    const back = await deploy([...site.deployArgs, '--rollback'], { ...site.env, DEPLOY_BY: 'on-call' })
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toMatch(/Rolled back: build build-a .* is live again, was build-b\. Switched in \d+ ms/)
    console.log(
      `rollback: ${back.stdout.match(/Switched in \d+ ms; [\d.]+ s in all/)?.[0]}, ${back.ms} ms with the process start`,
    )
    for (const path of ['/', '/ar/pricing', '/pricing/_payload.json', '/builds/latest.json'])
      expect(await buildOf(site, path, ['build-a', 'build-b']), path).toBe('build-a')
    // The error document follows the live build.
    expect(await (await object(site, '404.html')).Body!.transformToString()).toContain('build-a')
    const forward = await run(site, '--rollback', 'build-b')
    expect(forward.code, forward.stderr).toBe(0)
    expect(await live(site)).toBe('build-b')
    const listed = await run(site, '--list')
    // Going back to the build rolled back from is going forward, and named.
    expect(forward.stdout).toMatch(/Went forward: build build-b .* is live, was build-a\./)
    expect(listed.stdout).toMatch(
      /forward\s+build-a -> build-b\s+by ops-test[\s\S]*rollback\s+build-b -> build-a\s+by on-call/,
    )
    const unknown = await run(site, '--rollback', 'build-z')
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringMatching(/build build-z was never deployed/)])
    const plan = await run(site, '--rollback', '--dry-run')
    expect(plan.stdout).toMatch(/Dry run: would switch the live build from build-b to build-a/)
    expect(await live(site)).toBe('build-b')
  })

  it("--prune-keep N deletes a build's files only once it is no longer kept, and never a file a kept build uses", async () => {
    const site = await freshSite()
    for (const id of ['build-a', 'build-b'])
      expect((await deploy([...site.deployArgs, '--dir', nextBuild(id)], site.env)).code).toBe(0)
    const c = await deploy([...site.deployArgs, '--dir', nextBuild('build-c'), '--prune-keep', '3'], site.env)
    expect(c.stdout).toMatch(/0 file\(s\) only they use/)
    expect(await keys(site, 'releases/build-a/')).not.toEqual([])
    const before = await keys(site)
    const plan = await deploy(
      [...site.deployArgs, '--dir', nextBuild('build-d'), '--prune-keep', '3', '--dry-run'],
      site.env,
    )
    expect(plan.stdout).toMatch(/would delete assets\/chunks\/only-build-a\.js/)
    expect(await keys(site)).toEqual(before)
    const d = await deploy([...site.deployArgs, '--dir', join(work, 'build-d'), '--prune-keep', '3'], site.env)
    expect(d.code, d.stderr).toBe(0)
    expect(d.stdout).toMatch(
      /prune: keeping 3 build\(s\): build-d \([^)]*\), build-c \([^)]*\), build-b \([^)]*\); 1 older build\(s\): build-a;/,
    )
    expect(d.stdout).toMatch(/^Pruned 1 build\(s\): build-a \(\d+ files\); \d+ file\(s\) in all\. Kept 3: build-d /m)
    const after = await keys(site)
    const gone = before.filter((k) => !after.includes(k))
    expect(gone.filter((k) => !k.includes('build-a'))).toEqual([])
    expect(gone).toEqual(
      expect.arrayContaining([
        'assets/chunks/only-build-a.js',
        'builds/meta/build-a.json',
        'deploys/builds/build-a.json',
        'releases/build-a/index.html',
      ]),
    )
    expect(after.filter((k) => k.includes('build-a') && !k.startsWith('deploys/switches/'))).toEqual([])
    // What the kept builds share is all still there, and each of them can be rolled back to.
    for (const id of ['build-b', 'build-c']) {
      const back = await run(site, '--rollback', id)
      expect(back.code, back.stderr).toBe(0)
      expect(await buildOf(site, '/pricing', ['build-b', 'build-c', 'build-d'])).toBe(id)
    }
    const none = await run(site, '--rollback', 'build-a')
    expect([none.code, none.stderr]).toEqual([1, expect.stringMatching(/build build-a was never deployed/)])
  })
})

describe('npm run deploy: rollbacks that mean what they say', () => {
  /** The switch records, oldest first. */
  async function switchRecords(site: Awaited<ReturnType<typeof freshSite>>) {
    const out: { from: string | null; to: string; kind: string; withdrawn?: string[] }[] = []
    for (const key of await keys(site, 'deploys/switches/'))
      out.push(JSON.parse(await (await object(site, key)).Body!.transformToString()))
    return out
  }

  it('a second --rollback goes further back, never to the build rolled back from; with only those left it is refused; --rollback <id> goes forward; prune keeps where it goes', async () => {
    const site = await freshSite()
    const all = ['build-a', 'build-b', 'build-c', 'build-d']
    await deployEach(site, ['build-a', 'build-b', 'build-c'])
    expect(await visitorSees(site, all)).toBe('build-c')

    // The first operator rolls back the bad deploy.
    const first = await deploy([...site.deployArgs, '--rollback'], { ...site.env, DEPLOY_BY: 'first-operator' })
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toMatch(/Rolled back: build build-b .* is live again, was build-c\./)
    expect(first.stdout).toMatch(
      /Build build-c was rolled back from: a plain --rollback will not make it live again\. To go forward to it, name it: npm run deploy -- --rollback build-c/,
    )
    expect(first.stdout).toMatch(/A plain --rollback now goes to build-a\./)
    expect(await visitorSees(site, all)).toBe('build-b')

    // A second operator follows the same step of the runbook: further back, never to build-c.
    const second = await deploy([...site.deployArgs, '--rollback'], { ...site.env, DEPLOY_BY: 'second-operator' })
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout).toMatch(/Rolled back: build build-a .* is live again, was build-b\./)
    expect(second.stdout).toMatch(
      /Build build-b was rolled back from: a plain --rollback will not make it live again \(nor build-c, rolled back from before\)/,
    )
    expect(second.stdout).toMatch(/A plain --rollback now has no earlier build to go to\./)
    expect(await visitorSees(site, all)).toBe('build-a')
    const records = await switchRecords(site)
    expect(records.slice(-2)).toEqual([
      expect.objectContaining({ kind: 'rollback', from: 'build-c', to: 'build-b', withdrawn: ['build-c'] }),
      expect.objectContaining({ kind: 'rollback', from: 'build-b', to: 'build-a', withdrawn: ['build-b', 'build-c'] }),
    ])

    // Only builds rolled back from are left: refused, with the reason, and nothing changes.
    const before = await keys(site)
    const third = await run(site, '--rollback')
    expect(third.code).toBe(1)
    expect(third.stderr).toMatch(
      /there is no earlier build to roll back to: build-b, build-c were rolled back from, and a plain --rollback never makes them live again \(to make one live, name it: npm run deploy -- --rollback <build id>\)/,
    )
    expect(lastLine(third.stderr)).toMatch(/Nothing was switched; build build-a stays live\.$/)
    expect(await keys(site)).toEqual(before)
    expect(await visitorSees(site, all)).toBe('build-a')
    const listed = await run(site, '--list')
    expect(listed.stdout).toMatch(/^rolled back\s+build-c\s/m)
    expect(listed.stdout).toMatch(/^rolled back\s+build-b\s/m)
    expect(listed.stdout).toMatch(/^\* live\s+build-a\s/m)
    expect(listed.stdout).toMatch(
      /A plain --rollback is refused: no earlier build \(build-b, build-c: rolled back from\)/,
    )

    // Going forward again is explicit: the build, named.
    const forward = await run(site, '--rollback', 'build-c')
    expect(forward.code, forward.stderr).toBe(0)
    expect(forward.stdout).toMatch(/Went forward: build build-c .* is live, was build-a\./)
    expect(forward.stdout).toMatch(/A plain --rollback now goes to build-a\./)
    expect(await visitorSees(site, all)).toBe('build-c')
    expect((await switchRecords(site)).at(-1)).toEqual(
      expect.objectContaining({ kind: 'forward', from: 'build-a', to: 'build-c', withdrawn: ['build-b'] }),
    )

    // Prune after the rollbacks: the live build, where --rollback goes and the builds of the last switch stay.
    const d = await deploy([...site.deployArgs, '--dir', nextBuild('build-d'), '--prune-keep', '1'], site.env)
    expect(d.code, d.stderr).toBe(0)
    expect(d.stdout).toMatch(
      /^Pruned 2 build\(s\): build-b \(\d+ files\), build-a \(\d+ files\); \d+ file\(s\) in all\. Kept 2: build-d \(just deployed, live, among the newest 1, live in the last switch\), build-c \(where a plain --rollback goes\)\.$/m,
    )
    const counts = /Pruned 2 build\(s\): build-b \((\d+) files\), build-a \((\d+) files\); (\d+) file/
      .exec(d.stdout)!
      .slice(1)
      .map(Number)
    const files = counts[2]!
    expect(counts[0]! + counts[1]!).toBe(files)
    const after = await keys(site)
    expect(before.filter((k) => !after.includes(k) && !k.startsWith('deploys/switches/')).length).toBe(files)
    for (const id of ['build-a', 'build-b'])
      expect(
        after.filter((k) => k.includes(`/${id}`)),
        id,
      ).toEqual([])
    for (const id of ['build-c', 'build-d']) expect(after).toContain(`releases/${id}/index.html`)
    expect(await visitorSees(site, all)).toBe('build-d')
    const back = await run(site, '--rollback')
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toMatch(/Rolled back: build build-c .* is live again, was build-d\./)
    expect(await visitorSees(site, all)).toBe('build-c')
  })

  it('--prune-keep never deletes where a plain --rollback goes, even outside the newest N and the last N switches', async () => {
    const site = await freshSite()
    const all = ['build-a', 'build-b', 'build-c', 'build-d']
    await deployEach(site, all)
    expect((await run(site, '--rollback')).code).toBe(0)
    expect(await visitorSees(site, all)).toBe('build-c')
    // The same build again (a fix of its upload, say), pruning to one: build-b is where --rollback goes.
    const again = await deploy([...site.deployArgs, '--dir', join(work, 'build-c'), '--prune-keep', '1'], site.env)
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/was live already/)
    expect(again.stdout).toMatch(
      /^Pruned 2 build\(s\): build-d \(\d+ files\), build-a \(\d+ files\); \d+ file\(s\) in all\. Kept 2: build-c \(just deployed, live, among the newest 1, live in the last switch\), build-b \(where a plain --rollback goes\)\.$/m,
    )
    const back = await run(site, '--rollback')
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toMatch(/Rolled back: build build-b .* is live again, was build-c\./)
    expect(await visitorSees(site, all)).toBe('build-b')
  })

  it('two operators rolling back at once: one rollback is made, the other is refused and says so, never two steps back', async () => {
    const site = await freshSite()
    const all = ['build-a', 'build-b', 'build-c']
    await deployEach(site, all)
    // Each reads the live build and its ETag before either writes: the switches meet at the store.
    let release = () => {}
    const bothWaiting = new Promise<void>((ok) => (release = ok))
    let waiting = 0
    const kvs = await proxy(site.kvs.endpoint, async (req) => {
      if (req.method !== 'PUT') return 'pass'
      if (++waiting === 2) release()
      await Promise.race([bothWaiting, new Promise((ok) => setTimeout(ok, 20_000))])
      return 'pass'
    })
    const args = [...withFlag(site.deployArgs, '--kvs-endpoint', kvs), '--rollback']
    const [one, two] = await Promise.all([
      deploy(args, { ...site.env, DEPLOY_BY: 'operator-1' }),
      deploy(args, { ...site.env, DEPLOY_BY: 'operator-2' }),
    ])
    expect(waiting).toBe(2)
    const [made, refused] = one.code === 0 ? [one, two] : [two, one]
    expect([made.code, refused.code], `${one.stderr}${two.stderr}`).toEqual([0, 1])
    expect(made.stdout).toMatch(/Rolled back: build build-b .* is live again, was build-c\./)
    expect(refused.stderr).toMatch(
      /the live build changed while this ran \(now build-b, was build-c\): another operator switched it, so this switch to build-b was not made/,
    )
    expect(lastLine(refused.stderr)).toMatch(/Build build-b stays live\.$/)
    expect(await visitorSees(site, all)).toBe('build-b')
    const rollbacks = (await switchRecords(site)).filter((r) => r.kind === 'rollback')
    expect(rollbacks).toEqual([expect.objectContaining({ from: 'build-c', to: 'build-b', withdrawn: ['build-c'] })])
  })

  it('interrupted by SIGTERM during the upload, says which build stays live, exits 143, and changes nothing a visitor sees', async () => {
    const site = await freshSite()
    await deployEach(site, ['build-a'])
    const { args, stalledNow } = await stallingUploads(site)
    let signal: (s?: NodeJS.Signals) => void = () => {}
    const interrupted = deploy([...args, '--dir', nextBuild('build-b')], site.env, (k) => (signal = k))
    await stalledNow
    signal('SIGTERM')
    const r = await interrupted
    expect([r.code, lastLine(r.stderr)]).toEqual([
      143,
      'Interrupted: build build-a stays live; nothing was switched. Run the same command again to finish.',
    ])
    expect(await visitorSees(site, ['build-a', 'build-b'])).toBe('build-a')
    expect(await live(site)).toBe('build-a')
    const listed = await run(site, '--list')
    expect(listed.stdout).toMatch(/^incomplete\s+build-b/m)
    expect(listed.stdout).toMatch(/^\* live\s+build-a/m)
  })

  it('interrupted during the switch, lets the switch and its record finish, then says which build is live', async () => {
    const site = await freshSite()
    await deployEach(site, ['build-a', 'build-b'])
    let arrived = () => {}
    const atTheStore = new Promise<void>((ok) => (arrived = ok))
    let release = () => {}
    const released = new Promise<void>((ok) => (release = ok))
    const kvs = await proxy(site.kvs.endpoint, async (req) => {
      if (req.method !== 'PUT') return 'pass'
      arrived()
      await released
      return 'pass'
    })
    let signal: (s?: NodeJS.Signals) => void = () => {}
    const interrupted = deploy(
      [...withFlag(site.deployArgs, '--kvs-endpoint', kvs), '--rollback'],
      site.env,
      (k) => (signal = k),
    )
    await atTheStore
    signal('SIGTERM')
    await new Promise((ok) => setTimeout(ok, 500))
    release()
    const r = await interrupted
    expect(r.stderr).toMatch(/Stopping once the switch is recorded…/)
    expect([r.code, lastLine(r.stderr)]).toEqual([
      143,
      'Interrupted after the switch: build build-a is live, was build-b.',
    ])
    expect(await visitorSees(site, ['build-a', 'build-b'])).toBe('build-a')
    // On record, so the next plain --rollback knows build-b was rolled back from.
    expect((await switchRecords(site)).at(-1)).toEqual(
      expect.objectContaining({ kind: 'rollback', from: 'build-b', to: 'build-a', withdrawn: ['build-b'] }),
    )
    const again = await run(site, '--rollback')
    expect([again.code, again.stderr]).toEqual([
      1,
      expect.stringMatching(/there is no earlier build to roll back to: build-b was rolled back from/),
    ])
  })

  it('says it in Arabic with DEPLOY_LANG=ar or --lang ar: a rollback, and a Ctrl-C (SIGINT, exit 130)', async () => {
    const site = await freshSite()
    const all = ['build-a', 'build-b', 'build-c']
    await deployEach(site, ['build-a', 'build-b'])
    const back = await deploy([...site.deployArgs, '--rollback'], { ...site.env, DEPLOY_LANG: 'ar' })
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toMatch(
      /^تراجعنا: الإصدار build-a \(الإيداع \S+، نُشر \S+\) منشور من جديد، وكان المنشور build-b، وبُدِّل في \d+ ms، و[\d.]+ s في المجموع\.$/m,
    )
    expect(back.stdout).toMatch(/^سبق التراجع عن الإصدار build-b: لن يعيده التراجع دون اسم \(‎--rollback\) إلى النشر\./m)
    expect(await visitorSees(site, all)).toBe('build-a')
    const { args, stalledNow } = await stallingUploads(site)
    let signal: (s?: NodeJS.Signals) => void = () => {}
    const interrupted = deploy([...args, '--dir', nextBuild('build-c'), '--lang', 'ar'], site.env, (k) => (signal = k))
    await stalledNow
    signal('SIGINT')
    const r = await interrupted
    expect([r.code, lastLine(r.stderr)]).toEqual([
      130,
      'أُوقف الأمر: يبقى الإصدار build-a منشورًا، ولم يُبدَّل شيء. شغّل الأمر نفسه مرة أخرى لإكماله.',
    ])
    expect(await visitorSees(site, all)).toBe('build-a')
  })
})
