// `npm run bench -- --deploy`: what a visitor sees while a deploy runs, measured on 127.0.0.1
// (docs/deploy.md). Two builds, A and B, made from dist/ (B differs from A in every page and
// payload); A is deployed, then clients load every page and payload through the edge in a loop
// while B is deployed with `npm run deploy` (releases and the key value store switch) to the path
// of `npm run s3:local`, and each answer is put down to the build it came from.
// The mixed-build window is the time from the first answer of B to the last answer of A: how long
// a visitor moving between pages could get pages of both builds. Also: the switch and the rollback.
// Every request of a deploy to S3 goes through a proxy that holds it LINK_MS first, as a real link would.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathOfHtml, payloadPath } from '../../renderer/shared/paths'
import { copyBuildAs, startLocalSite } from '../../host/local/localSite'

/**
 * Each request of the deploy to S3 waits this long first, as on a link to a region (a CI runner to
 * S3 is 20-80 ms away); on loopback an upload takes a millisecond, which would hide the window.
 */
const LINK_MS = 40

/** A loopback proxy to `target` that holds each request `ms` before passing it on. */
async function slowLink(target: string, ms: number): Promise<{ endpoint: string; close(): void }> {
  const to = new URL(target)
  const server = createServer((req, res) => {
    setTimeout(() => {
      const upstream = request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers)
          up.pipe(res)
        },
      )
      req.pipe(upstream)
    }, ms)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return {
    endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

interface Answer {
  build: string
  start: number
  end: number
}

function runDeploy(script: string, args: string[], env: Record<string, string>): Promise<{ ms: number; out: string }> {
  const started = performance.now()
  return new Promise((done, fail) => {
    const child = spawn('npx', ['tsx', script, ...args], {
      env: { ...process.env, ...env, AWS_EC2_METADATA_DISABLED: 'true', DEPLOY_BY: 'bench' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('close', (code) =>
      code === 0
        ? done({ ms: performance.now() - started, out })
        : fail(new Error(`${script} exited ${code}:\n${out}`)),
    )
  })
}

/** Clients loading `paths` through `origin` until `stop()`; each answer put down to build A or B. */
function visitors(origin: string, paths: string[], clients = 4) {
  const answers: Answer[] = []
  let running = true
  const loops = Array.from({ length: clients }, async (_, n) => {
    for (let i = n; running; i += clients) {
      const start = performance.now()
      const body = await (await fetch(`${origin}${paths[i % paths.length]}`)).text()
      const build = body.includes('bench-b')
        ? body.includes('bench-a')
          ? 'both'
          : 'B'
        : body.includes('bench-a')
          ? 'A'
          : '?'
      answers.push({ build, start, end: performance.now() })
    }
  })
  return {
    answers,
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}

function summarize(answers: Answer[]) {
  const firstB = Math.min(...answers.filter((a) => a.build === 'B').map((a) => a.end))
  const lastA = Math.max(...answers.filter((a) => a.build === 'A').map((a) => a.end))
  return {
    answers: answers.length,
    aAfterFirstB: answers.filter((a) => a.build === 'A' && a.start > firstB).length,
    other: answers.filter((a) => a.build !== 'A' && a.build !== 'B').length,
    windowMs: Math.max(0, lastA - firstB),
  }
}

export async function runDeployBench() {
  const work = mkdtempSync(join(tmpdir(), 'deploy-bench-'))
  const a = copyBuildAs(work, 'bench-a')
  const b = copyBuildAs(work, 'bench-b')
  const pages = (readdirSync(a, { recursive: true }) as string[])
    .filter((f) => f.endsWith('index.html'))
    .map((f) => pathOfHtml(f))
  const paths = pages.flatMap((p) => [p, payloadPath(p)])
  console.log(
    `Deploy bench: ${pages.length} pages and their payloads, 4 clients in a loop through the edge; each request of the deploy to S3 delayed ${LINK_MS} ms`,
  )
  try {
    // Atomic: releases and the switch.
    const site = await startLocalSite()
    const link = await slowLink(site.s3.endpoint, LINK_MS)
    const deployArgs = site.deployArgs.map((arg) => (arg === site.s3.endpoint ? link.endpoint : arg))
    try {
      await runDeploy('scripts/deploy.ts', [...deployArgs, '--dir', a], site.env)
      const load = visitors(site.edge, paths)
      const deployB = await runDeploy('scripts/deploy.ts', [...deployArgs, '--dir', b], site.env)
      await new Promise((ok) => setTimeout(ok, 300))
      await load.stop()
      const s = summarize(load.answers)
      const switched = /in (\d+) ms\./.exec(deployB.out)?.[1]
      const back = await runDeploy('scripts/deploy.ts', [...deployArgs, '--rollback'], site.env)
      const rollback = /Switched in (\d+) ms; ([\d.]+) s in all/.exec(back.out)
      console.log(
        `atomic:   deploy of B ${(deployB.ms / 1000).toFixed(1)} s; ${s.answers} answers, ${s.other} neither A nor B, ${s.aAfterFirstB} of A after the first of B; mixed-build window ${s.windowMs.toFixed(0)} ms; switch ${switched} ms`,
      )
      console.log(
        `rollback: switch ${rollback?.[1]} ms, ${rollback?.[2]} s in the command, ${(back.ms / 1000).toFixed(1)} s with the process start`,
      )
    } finally {
      link.close()
      await site.stop()
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
