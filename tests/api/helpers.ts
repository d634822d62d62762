import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
// The API tier's tools: a real server (api/server/serve.ts) on 127.0.0.1 with a free port, and
// requests that parse every answer with the contract's schemas (api/contract/).
import { shownConsentVersions } from '../../locales/consent'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as v from 'valibot'
import { expect } from 'vitest'
import { CheckoutSession, Quote } from '../../api/contract/cart'
import { PaymentEventReceived } from '../../api/contract/payments'
import { ContactCreated, Health, Problem, type SalesRequest, type SupportRequest } from '../../api/contract/schemas'
import type { LogLine } from '../../api/server/app'
import type { PaymentProvider } from '../../api/server/checkout/provider'
import { type ApiConfig, defaultConfig } from '../../api/server/config'
import { type RunningApi, startApiServer } from '../../api/server/serve'
import type { Store } from '../../api/server/store/port'
import { sqliteStore } from '../../api/server/store/sqlite'
import { PreconditionFailed, type StatusStore } from '../../api/status/store'
import type { Locale } from '../../locales/locales'

export function tempDbPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'rasid-api-')), 'nested', 'rasid.sqlite')
}

export type TestApi = RunningApi & { store: Store; logs: LogLine[] }

/** Limits high enough that only the rate-limit tests meet them. */
const roomyRates: ApiConfig['rate'] = {
  perAddress: { limit: 1000, windowMs: 60_000 },
  perEmail: { limit: 1000, windowMs: 60_000 },
}

export async function startApi(
  options: {
    config?: Partial<ApiConfig>
    store?: Store
    dbPath?: string
    now?: () => number
    paymentProvider?: PaymentProvider
  } = {},
): Promise<TestApi> {
  const store = options.store ?? sqliteStore(options.dbPath ?? tempDbPath())
  const logs: LogLine[] = []
  const config: ApiConfig = { ...defaultConfig, rate: roomyRates, ...options.config }
  // Sessions per address as roomy, unless a test sets its own rule (a copy of checkoutDefaults keeps the default's).
  if (config.checkout.openSessions === defaultConfig.checkout.openSessions)
    config.checkout = { ...config.checkout, openSessions: { limit: 10_000, windowMs: 60_000 } }
  const { now, paymentProvider } = options
  const api = await startApiServer({ config, store, port: 0, log: (line) => logs.push(line), now, paymentProvider })
  return { ...api, store, logs }
}

/** The consent versions this commit's pages send (locales/consent.ts): the archive holds them. */
export const consentVersions = shownConsentVersions() as Record<Locale, SalesRequest['consentVersion']>

/** A request as the lead keeps it: without the consent version (kept beside it) or the honeypot. */
export function storedData<T extends { consentVersion: string; website?: string }>(request: T) {
  const { consentVersion: _, website: __, ...data } = request
  return data
}

export const goodSales: SalesRequest = {
  name: 'Noura Al-Harbi',
  email: 'noura@example.com',
  company: 'Harbi Trading',
  phone: '+966501234567',
  market: 'sa',
  volume: '250k-1m',
  methods: ['mada', 'applePay'],
  message: 'We would like to accept mada online.',
  consent: true,
  consentVersion: consentVersions.en,
}

export const goodSupport: SupportRequest = {
  name: 'Omar',
  email: 'omar@example.com',
  merchantId: 'mch_12345',
  topic: 'payouts',
  message: 'A payout is late.',
  consent: true,
  consentVersion: consentVersions.ar,
}

let keys = 0
export const newKey = () => `test-key-${Date.now()}-${++keys}`

export type Answer = { status: number; headers: Headers; body: unknown; text: string }

/** The schema of a 2xx answer on `path` (the endpoint table's), or of any answer of /health. */
function successSchema(path: string) {
  if (path.endsWith('/health')) return Health
  if (path.startsWith('/api/v1/contact/')) return ContactCreated
  if (path.startsWith('/api/v1/cart/quote')) return Quote
  if (path.startsWith('/api/v1/checkout/sessions')) return CheckoutSession
  if (path.startsWith('/api/v1/webhooks/payments')) return PaymentEventReceived
  return undefined
}

/** Parses the body with the contract's schema for the status and checks the headers every answer carries. */
function expectContract(path: string, answer: Answer): void {
  expect(answer.headers.get('cache-control')).toBe('no-store')
  const schema = path.endsWith('/health')
    ? answer.status < 500 || answer.status === 503
      ? Health
      : Problem
    : answer.status < 300
      ? (successSchema(path) ?? Problem)
      : Problem
  const parsed = v.safeParse(schema, answer.body)
  expect(parsed.success, `${answer.status} ${answer.text}`).toBe(true)
  if (answer.status >= 400 && !path.endsWith('/health')) {
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect((answer.body as Problem).status).toBe(answer.status)
  } else expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
}

export async function call(
  api: { url: string },
  path: string,
  init: { method?: string; body?: string | object; headers?: Record<string, string>; key?: string | null } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers }
  let body: string | undefined
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
    headers['content-type'] ??= 'application/json'
  }
  if (init.key !== null && (init.method ?? (body ? 'POST' : 'GET')) === 'POST')
    headers['idempotency-key'] ??= init.key ?? newKey()
  const response = await fetch(`${api.url}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body })
  const text = await response.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  const answer = { status: response.status, headers: response.headers, body: parsed, text }
  expectContract(path, answer)
  return answer
}

/** `npm run api -- ...` as an operator runs it (a process, with tsx), on the store `env` names. */
export async function apiCommand(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/api.ts', ...args],
      { env: { ...process.env, ...env } },
    )
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

/**
 * A status store whose first `readers` reads of `key` wait for each other, so that that many
 * writers surely read the same version; `lost` names each conditional write that lost its race.
 */
export function racingStore(store: StatusStore, readers: number, key: string) {
  let waiting: (() => void)[] = []
  let left = readers
  const lost: string[] = []
  const race: StatusStore = {
    name: store.name,
    sealer: store.sealer,
    where: (k) => store.where(k),
    list: (prefix) => store.list(prefix),
    write: (k, body, o) =>
      store.write(k, body, o).catch((err: unknown) => {
        if (err instanceof PreconditionFailed) lost.push(k)
        throw err
      }),
    async read(k) {
      const value = await store.read(k)
      if (k === key && left > 0) {
        left--
        await new Promise<void>((ok) => {
          waiting.push(ok)
          if (waiting.length === readers) {
            for (const go of waiting) go()
            waiting = []
          }
        })
      }
      return value
    },
  }
  return { race, lost }
}
