// The API server's settings, from the environment (docs/api.md lists them; docs/aws.md, those of
// production). It fails closed: a setting that is missing, malformed or unsafe where the server runs
// stops the start, and every such setting is named at once, in English and Arabic (an operator reads
// it during an incident; the words are the operators' catalog's, locales/operator/api.<lang>.json).
// The sandbox (test cards, its public key, its discount code) exists only when PAYMENT_PROVIDER=sandbox
// asks for it, and never in production.

import { type Bilingual, operatorText } from '../../locales/operator'
import { defaultRetention, type Retention } from './retention'

export type RateRule = { limit: number; windowMs: number }

/**
 * Where the server runs (RASID_ENV): `local` (this machine and the tests: the sandbox may use its
 * built-in key), `staging` (a deployment that takes test payments only), `production`. Unset:
 * `production`, but on Node with PAYMENT_PROVIDER=sandbox (and NODE_ENV not production): `local`.
 */
type Environment = 'local' | 'staging' | 'production'
const environments = ['local', 'staging', 'production'] as const

/** Forwarding each new lead to a CRM webhook (api/server/forward.ts; docs/api.md, "Forwarding to a CRM"). */
export type WebhookConfig = {
  /** An https: URL (http: on a local server or to loopback); the lead is POSTed to it as JSON. */
  url: string
  /** The HMAC-SHA256 key of the `Rasid-Signature` header; required outside `local`. */
  secret?: string
  /** How long one attempt may take, answer included, before it counts as failed. */
  timeoutMs: number
  /** Attempts in all; after the last failure the lead stays `failed` until requeued. */
  maxAttempts: number
  /** The wait after the first failed attempt, doubled after each next one, up to `backoffMaxMs`. */
  backoffBaseMs: number
  backoffMaxMs: number
  /** How often a running server also looks for due leads: the ones left from before a restart or requeued. */
  pollMs: number
}

/** Checkout (api/server/checkout/): discount codes, the payment webhook's secret, the sandbox hosted page. */
export type CheckoutConfig = {
  /** Upper-case code -> basis points off the subtotal. */
  discountCodes: Record<string, number>
  /** Unknown discount codes tried per client address (a guesser's budget), stricter than `rate`. */
  codeGuesses: RateRule
  /** The sandbox's HMAC-SHA256 key of `Rasid-Signature` (PAYMENT_WEBHOOK_SECRET); unused by Moyasar. */
  webhookSecret: string
  /** Prefixed to the sandbox page's path in `paymentUrl` (PAYMENT_PAGE_ORIGIN); unset: a same-origin path. */
  paymentPageOrigin?: string
  /** The site's origin (SITE_ORIGIN): where a payment page on another origin sends the buyer back. */
  siteOrigin?: string
  /** The sandbox sends its webhook this long after the buyer is sent back (SANDBOX_WEBHOOK_DELAY_MS); 0: before. */
  sandboxWebhookDelayMs: number
  /** How long a session stays open. */
  sessionTtlMs: number
  /** Quotes and new sessions per client address (RATE_CHECKOUT_LIMIT, RATE_CHECKOUT_WINDOW_S). */
  rate: RateRule
  /**
   * New checkout sessions per client address, counted in the store across every instance
   * (RATE_SESSIONS_LIMIT, RATE_SESSIONS_WINDOW_S): each is a page at the provider and a few lookups
   * of the reconciliation, so a bot cannot open them by the thousand.
   */
  openSessions: RateRule
  /**
   * Who hosts the payment page (PAYMENT_PROVIDER): the sandbox (test cards only, asked for by name,
   * never in production), or Moyasar (MOYASAR_SECRET_KEY, MOYASAR_WEBHOOK_TOKEN, SITE_ORIGIN), with
   * which the sandbox's routes do not exist at all (docs/aws.md, "Checkout in production").
   */
  provider: { kind: 'sandbox' } | { kind: 'moyasar'; secretKey: string; webhookToken: string; siteOrigin: string }
}

/**
 * The sandbox's signing key on a `local` server when PAYMENT_WEBHOOK_SECRET is unset: public (it is
 * in this file), so refused anywhere else (`configFromEnv`), and a start with it logs a warning.
 */
export const sandboxWebhookSecret = 'whsec_sandbox_only_not_secret'

/** The shortest PAYMENT_WEBHOOK_SECRET, MOYASAR_WEBHOOK_TOKEN or LEAD_WEBHOOK_SECRET a deployment takes: 32 bytes. */
const minSecretBytes = 32

/**
 * The sample secrets the guides print (locales/guides), public on the site: a deployment refuses
 * them whatever their length. `tests/unit/checkout.test.ts` fails on a guide's `whsec_…` not listed here.
 */
export const publishedSecrets: readonly string[] = ['whsec_Lm5Pq8Rt2Vx6Zb9Nc4Hd7K']

/** The sandbox's discount code, public in the docs: only with PAYMENT_PROVIDER=sandbox and no DISCOUNT_CODES. */
const sandboxDiscountCodes: Record<string, number> = { WELCOME10: 1000 }

/** The local sandbox's checkout: what the tests and `npm run preview` run (never what a missing setting gives). */
export const checkoutDefaults: CheckoutConfig = {
  discountCodes: sandboxDiscountCodes,
  codeGuesses: { limit: 20, windowMs: 10 * 60 * 1000 },
  webhookSecret: sandboxWebhookSecret,
  sandboxWebhookDelayMs: 0,
  sessionTtlMs: 30 * 60 * 1000,
  // A buyer changes a cart a few times a minute at most; the contact forms' 5 in 10 minutes would stop a checkout.
  rate: { limit: 60, windowMs: 60 * 1000 },
  // A buyer opens a session, maybe another after a decline or a change of plan: not ten in a page's lifetime.
  openSessions: { limit: 10, windowMs: 30 * 60 * 1000 },
  provider: { kind: 'sandbox' },
}

/**
 * Whose address a request is from (TRUST_PROXY): `none`, the socket's; `cloudfront`, the
 * CloudFront-Viewer-Address header (only where nothing but CloudFront reaches the server: the
 * function URL behind origin access control); `xff` with `hops`, the `hops`-th address of
 * X-Forwarded-For counted from the right (1: the one the nearest proxy appended).
 */
type TrustProxy = { kind: 'none' } | { kind: 'cloudfront' } | { kind: 'xff'; hops: number }

export type ApiConfig = {
  environment: Environment
  /** How long leads and checkout sessions are kept (docs/privacy.md): at most what the privacy notice states. */
  retention: Retention
  trustProxy: TrustProxy
  /** Bytes. */
  bodyLimit: number
  rate: {
    perAddress: RateRule
    perEmail: RateRule
    /**
     * One email named in leads from any addresses (RATE_EMAIL_WATCH_LIMIT, _WINDOW_S): past it each
     * lead is still taken, and logged for an alarm (mail-bombing someone through the CRM's replies).
     * Unset: `emailWatchDefault`.
     */
    emailWatch?: RateRule
  }
  /** Unset: forwarding is off and new leads are not queued for it. */
  webhook?: WebhookConfig
  checkout: CheckoutConfig
}

/**
 * 1 s, 2 s, 4 s … then every 30 minutes: 20 attempts span about five hours, enough to ride out a
 * CRM's deploy or an outage of an afternoon without piling requests on a receiver that is down.
 */
export const webhookDefaults: Omit<WebhookConfig, 'url' | 'secret'> = {
  timeoutMs: 10_000,
  maxAttempts: 20,
  backoffBaseMs: 1000,
  backoffMaxMs: 30 * 60 * 1000,
  pollMs: 30_000,
}

/** Far above one person's use of the forms: 50 leads a day naming one email, from anywhere. */
export const emailWatchDefault: RateRule = { limit: 50, windowMs: 24 * 60 * 60 * 1000 }

/** The local sandbox server's settings (the tests start from these). */
export const defaultConfig: ApiConfig = {
  environment: 'local',
  retention: defaultRetention,
  trustProxy: { kind: 'none' },
  bodyLimit: 16 * 1024,
  // commerce research §4: 5 per 10 minutes per address, 20 a day per email.
  rate: {
    perAddress: { limit: 5, windowMs: 10 * 60 * 1000 },
    perEmail: { limit: 20, windowMs: 24 * 60 * 60 * 1000 },
    emailWatch: emailWatchDefault,
  },
  checkout: checkoutDefaults,
}

/** One reason the server will not start, in both languages, naming the setting. */
export type Refusal = { setting: string; en: string; ar: string }

/** A start refused: every reason, each in English then Arabic. */
export class ConfigError extends Error {
  constructor(readonly refusals: Refusal[]) {
    const refused = operatorText('config.refused')
    super(
      [
        `${refused.en} / ${refused.ar}:`,
        ...refusals.flatMap((r) => [`- ${r.setting}: ${r.en}`, `  ${r.setting}: ${r.ar}`]),
      ].join('\n'),
    )
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

/** Collects refusals, so that one start names every bad setting rather than the first. */
class Checks {
  readonly refusals: Refusal[] = []
  refuse(setting: string, text: Bilingual): void {
    this.refusals.push({ setting, en: text.en, ar: text.ar })
  }
  /** A positive whole number, or the fallback when unset. */
  positive(env: Env, name: string, fallback: number): number {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    const value = Number(raw)
    if (Number.isInteger(value) && value > 0) return value
    this.refuse(name, operatorText('config.positive', { value: raw }))
    return fallback
  }
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** NODE_ENV as the Node world spells production (`production`, `Production`, `prod`). */
const nodeProduction = (env: Env) => /^prod(uction)?$/i.test((env.NODE_ENV ?? '').trim())

function environmentFrom(env: Env, onLambda: boolean, checks: Checks): Environment {
  const raw = env.RASID_ENV
  const saysProduction = nodeProduction(env)
  // Unset: production, the safe side, unless the start asks for the sandbox
  // by name, which only a developer's machine does (`PAYMENT_PROVIDER=sandbox npm run api`; production
  // would refuse it). A real provider on Node is production until RASID_ENV=local says otherwise, so a
  // test key, a short token or plaintext forwarding never passes for want of a setting.
  if (raw === undefined || raw === '')
    return onLambda || saysProduction || env.PAYMENT_PROVIDER !== 'sandbox' ? 'production' : 'local'
  if (!(environments as readonly string[]).includes(raw)) {
    checks.refuse('RASID_ENV', operatorText('config.environment.unknown', { value: raw }))
    return 'production'
  }
  // Two settings that disagree: the safer one is not guessed, the start is refused.
  if (raw === 'local' && saysProduction) checks.refuse('RASID_ENV', operatorText('config.environment.nodeProduction'))
  if (raw === 'local' && onLambda) checks.refuse('RASID_ENV', operatorText('config.environment.localOnLambda'))
  return raw as Environment
}

function trustProxyFrom(env: Env, checks: Checks): TrustProxy {
  const raw = env.TRUST_PROXY ?? 'none'
  if (raw === 'none' || raw === '') return { kind: 'none' }
  if (raw === 'cloudfront') return { kind: 'cloudfront' }
  const xff = /^xff:([1-9])$/.exec(raw)
  if (xff) return { kind: 'xff', hops: Number(xff[1]) }
  checks.refuse('TRUST_PROXY', operatorText('config.trustProxy', { value: raw }))
  return { kind: 'none' }
}

function webhookFrom(env: Env, environment: Environment, checks: Checks): WebhookConfig | undefined {
  const raw = env.LEAD_WEBHOOK_URL
  const secret = env.LEAD_WEBHOOK_SECRET || undefined
  if (raw === undefined || raw === '') {
    // A secret alone is a half-made setting: say so rather than silently forward nothing.
    if (secret) checks.refuse('LEAD_WEBHOOK_URL', operatorText('config.leadWebhook.secretAlone'))
    return undefined
  }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    checks.refuse('LEAD_WEBHOOK_URL', operatorText('config.leadWebhook.notUrl', { value: raw }))
    return undefined
  }
  // A lead is personal data: in the clear only on this machine, or to a receiver on loopback.
  const plainOk = environment === 'local' || loopbackHosts.has(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && plainOk))
    checks.refuse('LEAD_WEBHOOK_URL', operatorText('config.leadWebhook.notHttps', { protocol: url.protocol }))
  // fetch refuses a URL with credentials, and they would end up in error messages: say it now.
  if (url.username || url.password) checks.refuse('LEAD_WEBHOOK_URL', operatorText('config.leadWebhook.credentials'))
  if (secret !== undefined && secret.trim() !== secret)
    checks.refuse('LEAD_WEBHOOK_SECRET', operatorText('config.leadWebhookSecret.spaces'))
  if (secret === undefined && environment !== 'local')
    checks.refuse('LEAD_WEBHOOK_SECRET', operatorText('config.leadWebhookSecret.required', { environment }))
  // As strong as the other deployment secrets: a short, public or published
  // key would let anyone who finds the receiver sign "leads" of their own.
  else if (secret !== undefined && environment !== 'local')
    deploymentSecret(env, 'LEAD_WEBHOOK_SECRET', environment, checks)
  return {
    ...webhookDefaults,
    url: url.href,
    secret,
    timeoutMs: checks.positive(env, 'LEAD_WEBHOOK_TIMEOUT_S', webhookDefaults.timeoutMs / 1000) * 1000,
    maxAttempts: checks.positive(env, 'LEAD_WEBHOOK_MAX_ATTEMPTS', webhookDefaults.maxAttempts),
  }
}

/** `CODE:bp,CODE:bp` (DISCOUNT_CODES), codes case-insensitive: `SPRING:1000` is 10 %. */
function discountCodesFrom(raw: string | undefined, fallback: Record<string, number>, checks: Checks) {
  if (raw === undefined || raw.trim() === '') return fallback
  const codes: Record<string, number> = {}
  for (const entry of raw.split(',')) {
    const match = /^\s*([A-Za-z0-9-]{3,32}):(\d{1,5})\s*$/.exec(entry)
    const bp = Number(match?.[2])
    if (!match || bp < 1 || bp > 10000) {
      checks.refuse('DISCOUNT_CODES', operatorText('config.discountCodes.shape', { entry: entry.trim() }))
      continue
    }
    // 100 % off makes any cart `paid` at once, with no provider and no payment: a
    // typo or a leaked code would give plans away. Free plans are Starter, priced at 0.
    if (bp === 10000) {
      checks.refuse('DISCOUNT_CODES', operatorText('config.discountCodes.free', { entry: entry.trim() }))
      continue
    }
    codes[match[1]!.toUpperCase()] = bp
  }
  return codes
}

/** A secret that a deployment may sign or verify with: set, long enough, not the sandbox's public one. */
function deploymentSecret(env: Env, name: string, environment: Environment, checks: Checks): string | undefined {
  const value = env[name] || undefined
  if (value === undefined) {
    checks.refuse(name, operatorText('config.secret.unset', { environment, bytes: minSecretBytes }))
    return undefined
  }
  if (value === sandboxWebhookSecret) checks.refuse(name, operatorText('config.secret.sandboxKey'))
  else if (publishedSecrets.includes(value)) checks.refuse(name, operatorText('config.secret.published'))
  else if (Buffer.byteLength(value) < minSecretBytes)
    checks.refuse(name, operatorText('config.secret.short', { bytes: minSecretBytes }))
  return value
}

function providerFrom(env: Env, environment: Environment, checks: Checks): CheckoutConfig['provider'] | undefined {
  const kind = env.PAYMENT_PROVIDER || undefined
  if (kind === undefined) {
    // Production by default only: a developer's bare `npm run api` is told of the sandbox too.
    const said =
      environment === 'production' && !!(env.RASID_ENV || env.AWS_LAMBDA_FUNCTION_NAME || nodeProduction(env))
    checks.refuse('PAYMENT_PROVIDER', operatorText(said ? 'config.provider.unsetProduction' : 'config.provider.unset'))
    return undefined
  }
  if (kind === 'sandbox') {
    if (environment === 'production')
      checks.refuse('PAYMENT_PROVIDER', operatorText('config.provider.sandboxInProduction'))
    return { kind }
  }
  if (kind !== 'moyasar') {
    checks.refuse('PAYMENT_PROVIDER', operatorText('config.provider.unknown', { value: kind }))
    return undefined
  }
  const secretKey = env.MOYASAR_SECRET_KEY ?? ''
  if (!/^sk_(test|live)_\w+$/.test(secretKey))
    checks.refuse(
      'MOYASAR_SECRET_KEY',
      operatorText(secretKey ? 'config.moyasarKey.notKey' : 'config.moyasarKey.unset'),
    )
  else if (environment === 'production' && secretKey.startsWith('sk_test_'))
    checks.refuse('MOYASAR_SECRET_KEY', operatorText('config.moyasarKey.testInProduction'))
  const webhookToken =
    environment === 'local'
      ? env.MOYASAR_WEBHOOK_TOKEN || ''
      : deploymentSecret(env, 'MOYASAR_WEBHOOK_TOKEN', environment, checks)
  if (environment === 'local' && !webhookToken)
    checks.refuse('MOYASAR_WEBHOOK_TOKEN', operatorText('config.moyasarToken.unset'))
  const siteOrigin = env.SITE_ORIGIN ?? ''
  if (!/^https:\/\/[^/?#@]+$/.test(siteOrigin))
    checks.refuse(
      'SITE_ORIGIN',
      siteOrigin
        ? operatorText('config.siteOrigin.notHttpsForMoyasar', { value: siteOrigin })
        : operatorText('config.siteOrigin.unsetForMoyasar'),
    )
  return { kind, secretKey, webhookToken: webhookToken ?? '', siteOrigin }
}

function checkoutFrom(env: Env, environment: Environment, checks: Checks): CheckoutConfig {
  const provider = providerFrom(env, environment, checks)
  const sandbox = provider?.kind === 'sandbox'
  const origin = env.PAYMENT_PAGE_ORIGIN || undefined
  if (origin !== undefined && !/^https?:\/\/[^/?#@]+$/.test(origin))
    checks.refuse('PAYMENT_PAGE_ORIGIN', operatorText('config.paymentPageOrigin.shape', { value: origin }))
  const siteOrigin = env.SITE_ORIGIN || undefined
  // A page on another origin sends the buyer back by a full address: the site's.
  if (origin !== undefined && sandbox && !/^https?:\/\/[^/?#@]+$/.test(siteOrigin ?? ''))
    checks.refuse('SITE_ORIGIN', operatorText('config.siteOrigin.unsetForPaymentPage'))
  const delay = env.SANDBOX_WEBHOOK_DELAY_MS
  if (delay !== undefined && delay !== '' && !/^\d{1,6}$/.test(delay))
    checks.refuse('SANDBOX_WEBHOOK_DELAY_MS', operatorText('config.sandboxWebhookDelay', { value: delay }))
  // Only the sandbox signs with it; a real provider's config holds no sandbox key at all.
  let webhookSecret = ''
  if (sandbox) {
    webhookSecret = sandboxWebhookSecret
    const secret = env.PAYMENT_WEBHOOK_SECRET || undefined
    if (environment !== 'local')
      webhookSecret = deploymentSecret(env, 'PAYMENT_WEBHOOK_SECRET', environment, checks) ?? ''
    else if (secret !== undefined) webhookSecret = secret
    if (secret !== undefined && secret.trim() !== secret)
      checks.refuse('PAYMENT_WEBHOOK_SECRET', operatorText('config.paymentWebhookSecret.spaces'))
  }
  return {
    ...checkoutDefaults,
    provider: provider ?? { kind: 'sandbox' },
    // The sandbox's code is public: a real provider starts with none.
    discountCodes: discountCodesFrom(env.DISCOUNT_CODES, sandbox ? sandboxDiscountCodes : {}, checks),
    webhookSecret,
    paymentPageOrigin: origin,
    siteOrigin,
    sandboxWebhookDelayMs: Number(delay || 0),
    rate: {
      limit: checks.positive(env, 'RATE_CHECKOUT_LIMIT', checkoutDefaults.rate.limit),
      windowMs: checks.positive(env, 'RATE_CHECKOUT_WINDOW_S', checkoutDefaults.rate.windowMs / 1000) * 1000,
    },
    openSessions: {
      limit: checks.positive(env, 'RATE_SESSIONS_LIMIT', checkoutDefaults.openSessions.limit),
      windowMs: checks.positive(env, 'RATE_SESSIONS_WINDOW_S', checkoutDefaults.openSessions.windowMs / 1000) * 1000,
    },
  }
}

export type ConfigOptions = {
  /** The Lambda entry (lambda.ts) says so; AWS_LAMBDA_FUNCTION_NAME does too, wherever the code is started. */
  runtime?: 'node' | 'lambda'
}

/** The settings in `env`, or a ConfigError naming every setting that is missing, malformed or unsafe there. */
export function configFromEnv(env: Env, options: ConfigOptions = {}): ApiConfig {
  const checks = new Checks()
  const onLambda = options.runtime === 'lambda' || !!env.AWS_LAMBDA_FUNCTION_NAME
  const environment = environmentFrom(env, onLambda, checks)
  const { perAddress, perEmail } = defaultConfig.rate
  const config: ApiConfig = {
    environment,
    retention: retentionFrom(env, checks),
    trustProxy: trustProxyFrom(env, checks),
    bodyLimit: defaultConfig.bodyLimit,
    rate: {
      perAddress: {
        limit: checks.positive(env, 'RATE_ADDRESS_LIMIT', perAddress.limit),
        windowMs: checks.positive(env, 'RATE_ADDRESS_WINDOW_S', perAddress.windowMs / 1000) * 1000,
      },
      perEmail: {
        limit: checks.positive(env, 'RATE_EMAIL_LIMIT', perEmail.limit),
        windowMs: checks.positive(env, 'RATE_EMAIL_WINDOW_S', perEmail.windowMs / 1000) * 1000,
      },
      emailWatch: {
        limit: checks.positive(env, 'RATE_EMAIL_WATCH_LIMIT', emailWatchDefault.limit),
        windowMs: checks.positive(env, 'RATE_EMAIL_WATCH_WINDOW_S', emailWatchDefault.windowMs / 1000) * 1000,
      },
    },
    webhook: webhookFrom(env, environment, checks),
    checkout: checkoutFrom(env, environment, checks),
  }
  if (checks.refusals.length > 0) throw new ConfigError(checks.refusals)
  return config
}

/**
 * How long leads and sessions are kept: LEAD_RETENTION_DAYS and SESSION_RETENTION_DAYS, by default
 * the privacy notice's periods (api/contract/privacy.ts). Shorter is allowed; longer is refused,
 * since the notice, which visitors were shown, promises those periods at most.
 */
function retentionFrom(env: Env, checks: Checks): Retention {
  const days = (name: string, promised: number) => {
    const value = checks.positive(env, name, promised)
    if (value > promised) checks.refuse(name, operatorText('config.retention.tooLong', { value, promised }))
    return Math.min(value, promised)
  }
  return {
    leadDays: days('LEAD_RETENTION_DAYS', defaultRetention.leadDays),
    sessionDays: days('SESSION_RETENTION_DAYS', defaultRetention.sessionDays),
  }
}

/** The retention settings alone (the store of `npm run api -- subject|sweep`): the server's rules. */
export function retentionFromEnv(env: Env): Retention {
  const checks = new Checks()
  const retention = retentionFrom(env, checks)
  if (checks.refusals.length > 0) throw new ConfigError(checks.refusals)
  return retention
}

/**
 * The forwarding settings alone (`npm run api -- forward`): the same rules as the server's, without
 * asking for the checkout's settings, which forwarding does not use.
 */
export function webhookFromEnv(env: Env): WebhookConfig | undefined {
  const checks = new Checks()
  const environment = environmentFrom(env, !!env.AWS_LAMBDA_FUNCTION_NAME, checks)
  const webhook = webhookFrom(env, environment, checks)
  if (checks.refusals.length > 0) throw new ConfigError(checks.refusals)
  return webhook
}

/**
 * What a start must refuse whatever built the settings (createApp runs it: a config object made in
 * code passes the same gate as the environment's).
 */
export function unsafeSettings(config: ApiConfig): Refusal[] {
  const checks = new Checks()
  const { environment, checkout } = config
  if (checkout.provider.kind === 'sandbox' && environment === 'production')
    checks.refuse('PAYMENT_PROVIDER', operatorText('config.provider.sandboxInProduction'))
  if (
    checkout.provider.kind === 'sandbox' &&
    environment !== 'local' &&
    checkout.webhookSecret === sandboxWebhookSecret
  )
    checks.refuse('PAYMENT_WEBHOOK_SECRET', operatorText('config.secret.sandboxKey'))
  // An empty key would verify an empty signature or token: no code path may start with one.
  if (checkout.provider.kind === 'sandbox' && checkout.webhookSecret === '')
    checks.refuse('PAYMENT_WEBHOOK_SECRET', operatorText('config.secret.empty'))
  if (checkout.provider.kind === 'moyasar' && (!checkout.provider.webhookToken || !checkout.provider.secretKey))
    checks.refuse(
      checkout.provider.webhookToken ? 'MOYASAR_SECRET_KEY' : 'MOYASAR_WEBHOOK_TOKEN',
      operatorText('config.secret.empty'),
    )
  return checks.refusals
}

/** What a start says before it serves: a warning while the sandbox's public key is in use. */
export function startWarnings(config: ApiConfig): Refusal[] {
  const { checkout } = config
  if (checkout.provider.kind !== 'sandbox' || checkout.webhookSecret !== sandboxWebhookSecret) return []
  return [{ setting: 'PAYMENT_WEBHOOK_SECRET', ...operatorText('config.warning.sandboxKey') }]
}
