// The API part of `npm run bench` (bench/modes/api.ts): throughput and latency of POST
// /api/v1/contact/sales on the SQLite store, then a check that the store holds every accepted lead
// exactly once. The server is `npm run api` itself (scripts/api.ts) in a child process, so the
// load generator here never shares its event loop or its core; it listens on 127.0.0.1 only.
import { shownConsentVersions } from '../../locales/consent'
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import * as v from 'valibot'
import {
  ContactCreated,
  contactMarkets,
  paymentMethods,
  type SalesRequest,
  volumeBands,
} from '../../api/contract/schemas'
import { sqliteStore } from '../../api/server'
import { checkLeads, type LatencySummary, type LeadCheck, summarize } from './apiBenchStats'

const salesPath = '/api/v1/contact/sales'

export type ApiBenchOptions = {
  /** Measured requests (default 2000). */
  requests?: number
  /** Requests in flight at once, one keep-alive connection each (default 16). */
  concurrency?: number
  /** Unmeasured requests first, so the server's JIT and the connections are warm (default 200). */
  warmup?: number
  /** Each phase stops sending at this many seconds, whatever is left (default 60). */
  phaseSeconds?: number
  /** Progress lines (default: none). */
  log?: (line: string) => void
}

type PhaseResult = {
  name: 'warm-up' | 'measured' | 'replay'
  planned: number
  /** Requests sent: answered, or failed without an answer. */
  sent: number
  /** 201 answers. */
  created: number
  /** Answers per status, and `error` for requests with no answer (a timeout, a reset connection). */
  statuses: Record<string, number>
  /** Every answer, whatever its status, from the first byte sent to the last byte read. */
  latency: LatencySummary
  seconds: number
  /** Answers per second over the phase's wall time. */
  perSecond: number
  /** Stopped by `phaseSeconds` before sending all it planned. */
  capped: boolean
}

export type ApiBenchResult = {
  machine: string
  /** The 1-minute load average when the bench began: other work on the machine skews every figure. */
  loadBefore: number
  concurrency: number
  phases: PhaseResult[]
  /** Replays of the measured phase's leads (same key, same body) answered with the first answer. */
  replay: { sent: number; same: number; different: number }
  check: LeadCheck
  /** The server process's peak resident memory (VmHWM), NaN where /proc is absent. */
  serverPeakRssMiB: number
  /** The SQLite file after the run. */
  dbBytes: number
  /** What makes the run fail; empty when it passes. */
  problems: string[]
}

type Job = { key: string; body: string; email: string }
type Answer = { status: number; ms: number; text: string; replayed: boolean } | { status: 'error'; error: string }

/** One valid sales lead; its own email, so the per-email rate limit never decides the answer. */
/** The versions this commit's pages send, which its API accepts (locales/consent.ts). */
const consentVersions = shownConsentVersions() as Record<'en' | 'ar', SalesRequest['consentVersion']>

function salesLead(i: number): SalesRequest {
  const arabic = i % 2 === 1
  return {
    name: arabic ? `عميل تجريبي ${i}` : `Bench Lead ${i}`,
    email: `bench-${i}@example.com`,
    company: arabic ? 'شركة القياس' : 'Bench Trading Co.',
    phone: `+9665${String(10_000_000 + i).slice(-8)}`,
    market: contactMarkets[i % contactMarkets.length]!,
    volume: volumeBands[i % volumeBands.length]!,
    methods: paymentMethods.slice(0, 1 + (i % paymentMethods.length)),
    message: arabic
      ? 'نبيع عبر الإنترنت في السعودية والإمارات ونريد قبول مدى وأبل باي. ما الرسوم، وكم يستغرق التفعيل؟'
      : 'We sell online in Saudi Arabia and the UAE and want to accept mada and Apple Pay. What are the fees, and how long does onboarding take?',
    consent: true,
    consentVersion: consentVersions[arabic ? 'ar' : 'en'],
  }
}

function jobs(from: number, count: number): Job[] {
  return Array.from({ length: count }, (_, n) => {
    const lead = salesLead(from + n)
    return { key: randomUUID(), body: JSON.stringify(lead), email: lead.email }
  })
}

/** One POST over the keep-alive agent; never rejects. */
function post(agent: Agent, port: number, job: Job, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    const start = performance.now()
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: salesPath,
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(job.body),
          'Idempotency-Key': job.key,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - start,
            text: Buffer.concat(chunks).toString('utf8'),
            replayed: res.headers['idempotent-replayed'] === 'true',
          }),
        )
        res.on('error', (e) => resolve({ status: 'error', error: e.message }))
      },
    )
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)))
    req.on('error', (e) => resolve({ status: 'error', error: e.message }))
    req.end(job.body)
  })
}

/** Sends `list` with `concurrency` requests in flight until done or `seconds` have passed. */
async function phase(
  name: PhaseResult['name'],
  list: Job[],
  send: (job: Job) => Promise<Answer>,
  concurrency: number,
  seconds: number,
): Promise<{ result: PhaseResult; answers: (Answer | undefined)[] }> {
  const answers: (Answer | undefined)[] = new Array(list.length)
  const start = performance.now()
  const deadline = start + seconds * 1000
  let next = 0
  const worker = async () => {
    while (next < list.length && performance.now() < deadline) {
      const i = next++
      answers[i] = await send(list[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker))
  const wall = (performance.now() - start) / 1000
  const statuses: Record<string, number> = {}
  const latencies: number[] = []
  let sent = 0
  for (const a of answers) {
    if (!a) continue
    sent++
    statuses[a.status] = (statuses[a.status] ?? 0) + 1
    if (a.status !== 'error') latencies.push(a.ms)
  }
  return {
    result: {
      name,
      planned: list.length,
      sent,
      created: statuses[201] ?? 0,
      statuses,
      latency: summarize(latencies),
      seconds: wall,
      perSecond: latencies.length / wall,
      capped: sent < list.length,
    },
    answers,
  }
}

/** The lead id of a 201 answer, read with the contract's schema; undefined for anything else. */
function createdId(answer: { status: number; text: string }): string | undefined {
  if (answer.status !== 201) return undefined
  try {
    const body: unknown = JSON.parse(answer.text)
    return v.is(ContactCreated, body) ? body.id : undefined
  } catch {
    return undefined
  }
}

type ChildApi = { url: string; port: number; child: ChildProcess; stop(): Promise<void> }

/**
 * Starts `npm run api` (node --import tsx scripts/api.ts) with `env`, and waits for its first
 * log line, which names the URL. Its request log (one line per request) is read and dropped: a pipe
 * nobody reads would fill and block the server.
 */
async function startChildApi(env: Record<string, string>): Promise<ChildApi> {
  // None of the caller's API settings: a LEAD_WEBHOOK_URL set in the shell would forward every bench
  // lead to a real CRM, and DDB_*, RATE_* or the like would measure another setup than the one named.
  const inherited = Object.entries(process.env).filter(
    ([name]) => !/^(API_|DB_|DDB_|RATE_|LEAD_|PAYMENT_|MOYASAR_|DISCOUNT_|RASID_ENV$|TRUST_PROXY$|PORT$)/.test(name),
  )
  // The local sandbox, asked for by name (the server starts only with a provider named).
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/api.ts'], {
    env: { ...Object.fromEntries(inherited), RASID_ENV: 'local', PAYMENT_PROVIDER: 'sandbox', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Never leave it running, even if the bench dies on an error.
  const killOnExit = () => child.kill('SIGKILL')
  process.on('exit', killOnExit)
  let stderr = ''
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000)
  })
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM: the server closes, then the database, then exits 0 (scripts/api.ts).
      child.kill('SIGTERM')
      let timer: NodeJS.Timeout | undefined
      const code = await Promise.race([
        exited,
        new Promise<'timeout'>((ok) => {
          timer = setTimeout(ok, 10_000, 'timeout')
        }),
      ])
      clearTimeout(timer)
      if (code === 'timeout') {
        child.kill('SIGKILL')
        throw new Error('the API did not stop within 10 s of SIGTERM')
      }
      if (code !== 0) throw new Error(`the API exited with ${code} on SIGTERM: ${stderr.slice(-1000)}`)
    }
    process.off('exit', killOnExit)
  }
  try {
    const url = await new Promise<string>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`the API did not start in 30 s: ${stderr.slice(-1000)}`)), 30_000)
      const lines = createInterface({ input: child.stdout! })
      lines.on('line', (line) => {
        if (!line.includes('"listening"')) return
        clearTimeout(timer)
        ok((JSON.parse(line) as { url: string }).url)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        fail(new Error(`the API exited (${code}) before listening: ${stderr.slice(-1000)}`))
      })
      child.once('error', (e) => {
        clearTimeout(timer)
        fail(e)
      })
    })
    return { url, port: Number(new URL(url).port), child, stop }
  } catch (err) {
    await stop().catch(() => undefined)
    throw err
  }
}

/** Peak resident memory of a process in MiB, from /proc (Linux); NaN elsewhere. */
function peakRssMiB(pid: number | undefined): number {
  const file = `/proc/${pid}/status`
  if (pid === undefined || !existsSync(file)) return Number.NaN
  const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync(file, 'utf8'))?.[1]
  return kib ? Number(kib) / 1024 : Number.NaN
}

export async function runApiBench(options: ApiBenchOptions = {}): Promise<ApiBenchResult> {
  const requests = options.requests ?? 2000
  const concurrency = options.concurrency ?? 16
  const warmup = options.warmup ?? 200
  const seconds = options.phaseSeconds ?? 60
  const log = options.log ?? (() => undefined)
  const loadBefore = loadavg()[0] ?? Number.NaN
  const dir = mkdtempSync(join(tmpdir(), 'rasid-bench-api-'))
  const dbPath = join(dir, 'bench.sqlite')
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  try {
    const api = await startChildApi({
      API_STORE: 'sqlite',
      DB_PATH: dbPath,
      PORT: '0',
      TRUST_PROXY: 'none',
      // Every request comes from 127.0.0.1: the default 5 per 10 minutes per address would answer
      // 429 from the sixth on, and the bench would measure the rate limiter.
      RATE_ADDRESS_LIMIT: '1000000000',
      RATE_EMAIL_LIMIT: '1000000000',
    })
    log(`API (npm run api, SQLite at ${dbPath}) on ${api.url}`)
    const send = (job: Job) => post(agent, api.port, job, 10_000)
    const phases: PhaseResult[] = []
    const accepted: [string, string][] = []
    const noAnswer = new Set<string>()
    let rss = Number.NaN
    const replay = { sent: 0, same: 0, different: 0 }
    try {
      const acceptedOf = (list: Job[], answers: (Answer | undefined)[]) =>
        list.flatMap((job, i) => {
          const a = answers[i]
          if (a?.status === 'error') noAnswer.add(job.email)
          if (!a || a.status === 'error' || a.replayed) return []
          const id = createdId(a)
          return id === undefined ? [] : [{ job, id, text: a.text }]
        })

      log(`warm-up: ${warmup} requests`)
      const warm = jobs(0, warmup)
      const w = await phase('warm-up', warm, send, concurrency, seconds)
      phases.push(w.result)
      for (const a of acceptedOf(warm, w.answers)) accepted.push([a.id, a.job.email])

      log(`measured: ${requests} requests, ${concurrency} at a time`)
      const measuredJobs = jobs(warmup, requests)
      const m = await phase('measured', measuredJobs, send, concurrency, seconds)
      phases.push(m.result)
      const firsts = acceptedOf(measuredJobs, m.answers)
      for (const a of firsts) accepted.push([a.id, a.job.email])

      // The same key and body again: the stored first answer, and no second lead.
      log(`replay: ${firsts.length} requests`)
      const r = await phase(
        'replay',
        firsts.map((a) => a.job),
        send,
        concurrency,
        seconds,
      )
      phases.push(r.result)
      firsts.forEach((first, i) => {
        const a = r.answers[i]
        if (!a || a.status === 'error') return
        replay.sent++
        if (a.status === 201 && a.replayed && a.text === first.text) replay.same++
        else if (a.status === 201) {
          replay.different++
          // A fresh 201 is a second lead: the store check must see it (and find it stored twice).
          const id = createdId(a)
          if (id !== undefined && !a.replayed) accepted.push([id, first.job.email])
        }
      })
      rss = peakRssMiB(api.child.pid)
    } finally {
      agent.destroy()
      await api.stop()
    }

    // The server has closed the file: read it as `npm run api -- export contacts` would.
    const store = sqliteStore(dbPath)
    let stored: { id: string; email: string }[]
    try {
      stored = (await store.listContacts()).map((c) => ({ id: c.id, email: c.data.email }))
    } finally {
      await store.close()
    }
    const check = checkLeads(accepted, stored, noAnswer)
    const problems: string[] = []
    if (!check.accepted) problems.push('no request was accepted (201), so nothing was checked')
    if (check.missing.length) problems.push(`${check.missing.length} accepted leads are not in the store`)
    if (check.duplicated.length) problems.push(`${check.duplicated.length} leads are stored twice`)
    if (check.unexpected.length) problems.push(`${check.unexpected.length} stored leads were never accepted`)
    if (check.mismatched.length) problems.push(`${check.mismatched.length} stored leads differ from what was sent`)
    if (check.stored !== check.accepted + check.unanswered.length)
      problems.push(
        `the store holds ${check.stored} leads for ${check.accepted} accepted requests (and ${check.unanswered.length} unanswered)`,
      )
    if (replay.different) problems.push(`${replay.different} replays answered 201 with another answer than the first`)
    const cpu = cpus()
    return {
      machine: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`,
      loadBefore,
      concurrency,
      phases,
      replay,
      check,
      serverPeakRssMiB: rss,
      dbBytes: statSync(dbPath).size,
      problems,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 })
  }
}
