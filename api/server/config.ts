// The API server's settings, from the environment (docs/api.md lists them).

export type RateRule = { limit: number; windowMs: number }

/** Forwarding each new lead to a CRM webhook (api/server/forward.ts; docs/api.md, "Forwarding to a CRM"). */
export type WebhookConfig = {
  /** An http: or https: URL; the lead is POSTed to it as JSON. */
  url: string
  /** The HMAC-SHA256 key of the `Rasid-Signature` header; without it deliveries are unsigned. */
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
  /** The HMAC-SHA256 key of the payment provider's `Rasid-Signature` (PAYMENT_WEBHOOK_SECRET). */
  webhookSecret: string
  /** Prefixed to the sandbox page's path in `paymentUrl` (PAYMENT_PAGE_ORIGIN); unset: a same-origin path. */
  paymentPageOrigin?: string
  /** The sandbox sends its webhook this long after the buyer is sent back (SANDBOX_WEBHOOK_DELAY_MS); 0: before. */
  sandboxWebhookDelayMs: number
  /** How long a session stays open. */
  sessionTtlMs: number
  /** Quotes and new sessions per client address (RATE_CHECKOUT_LIMIT, RATE_CHECKOUT_WINDOW_S). */
  rate: RateRule
  /**
   * Who hosts the payment page (PAYMENT_PROVIDER): the sandbox (test cards only, `npm run api` and
   * the tests), or Moyasar (MOYASAR_SECRET_KEY, MOYASAR_WEBHOOK_TOKEN, SITE_ORIGIN), with which the
   * sandbox's routes do not exist at all (docs/aws.md, "Checkout in production").
   */
  provider: { kind: 'sandbox' } | { kind: 'moyasar'; secretKey: string; webhookToken: string; siteOrigin: string }
}

/**
 * The sandbox's signing key when PAYMENT_WEBHOOK_SECRET is unset: public (it is in this file), so
 * good for the sandbox only. docs/aws.md sets a real secret in production.
 */
export const sandboxWebhookSecret = 'whsec_sandbox_only_not_secret'

export const checkoutDefaults: CheckoutConfig = {
  discountCodes: { WELCOME10: 1000 },
  webhookSecret: sandboxWebhookSecret,
  sandboxWebhookDelayMs: 0,
  sessionTtlMs: 30 * 60 * 1000,
  // A buyer changes a cart a few times a minute at most; the contact forms' 5 in 10 minutes would stop a checkout.
  rate: { limit: 60, windowMs: 60 * 1000 },
  provider: { kind: 'sandbox' },
}

export type ApiConfig = {
  /** `cloudfront`: the client address is CloudFront-Viewer-Address (or X-Forwarded-For); else the socket's. */
  trustProxy: 'cloudfront' | 'none'
  /** Bytes. */
  bodyLimit: number
  rate: { perAddress: RateRule; perEmail: RateRule }
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

export const defaultConfig: ApiConfig = {
  trustProxy: 'none',
  bodyLimit: 16 * 1024,
  // commerce research §4: 5 per 10 minutes per address, 20 a day per email.
  rate: {
    perAddress: { limit: 5, windowMs: 10 * 60 * 1000 },
    perEmail: { limit: 20, windowMs: 24 * 60 * 60 * 1000 },
  },
  checkout: checkoutDefaults,
}

function positive(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, not ${raw}`)
  return value
}

function webhookFromEnv(env: Record<string, string | undefined>): WebhookConfig | undefined {
  const raw = env.LEAD_WEBHOOK_URL
  const secret = env.LEAD_WEBHOOK_SECRET || undefined
  if (raw === undefined || raw === '') {
    // A secret alone is a half-made setting: say so rather than silently forward nothing.
    if (secret) throw new Error('LEAD_WEBHOOK_SECRET is set but LEAD_WEBHOOK_URL is not: set both, or neither')
    return undefined
  }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`LEAD_WEBHOOK_URL must be an http: or https: URL, not ${raw}`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`LEAD_WEBHOOK_URL must be an http: or https: URL, not ${url.protocol}`)
  // fetch refuses a URL with credentials, and they would end up in error messages: say it now.
  if (url.username || url.password)
    throw new Error('LEAD_WEBHOOK_URL must not carry a user or password; authenticate with LEAD_WEBHOOK_SECRET')
  if (secret !== undefined && secret.trim() !== secret)
    throw new Error('LEAD_WEBHOOK_SECRET has leading or trailing spaces: a receiver would not match its signature')
  return {
    ...webhookDefaults,
    url: url.href,
    secret,
    timeoutMs: positive(env, 'LEAD_WEBHOOK_TIMEOUT_S', webhookDefaults.timeoutMs / 1000) * 1000,
    maxAttempts: positive(env, 'LEAD_WEBHOOK_MAX_ATTEMPTS', webhookDefaults.maxAttempts),
  }
}

/** `CODE:bp,CODE:bp` (DISCOUNT_CODES), codes case-insensitive: `WELCOME10:1000` is 10 %. */
function discountCodesFromEnv(raw: string | undefined): Record<string, number> {
  if (raw === undefined || raw.trim() === '') return checkoutDefaults.discountCodes
  const codes: Record<string, number> = {}
  for (const entry of raw.split(',')) {
    const match = /^\s*([A-Za-z0-9-]{3,32}):(\d{1,5})\s*$/.exec(entry)
    const bp = Number(match?.[2])
    if (!match || bp < 1 || bp > 10000)
      throw new Error(`DISCOUNT_CODES must be CODE:bp,CODE:bp with bp 1 to 10000, not ${entry.trim()}`)
    codes[match[1]!.toUpperCase()] = bp
  }
  return codes
}

function providerFromEnv(env: Record<string, string | undefined>): CheckoutConfig['provider'] {
  const kind = env.PAYMENT_PROVIDER || 'sandbox'
  if (kind === 'sandbox') return { kind }
  if (kind !== 'moyasar') throw new Error(`PAYMENT_PROVIDER must be sandbox or moyasar, not ${kind}`)
  const secretKey = env.MOYASAR_SECRET_KEY ?? ''
  const webhookToken = env.MOYASAR_WEBHOOK_TOKEN ?? ''
  const siteOrigin = env.SITE_ORIGIN ?? ''
  if (!/^sk_(test|live)_\w+$/.test(secretKey))
    throw new Error('PAYMENT_PROVIDER=moyasar needs MOYASAR_SECRET_KEY (sk_test_… or sk_live_…)')
  if (!webhookToken) throw new Error('PAYMENT_PROVIDER=moyasar needs MOYASAR_WEBHOOK_TOKEN, the webhook secret token')
  if (!/^https:\/\/[^/?#]+$/.test(siteOrigin))
    throw new Error(
      `PAYMENT_PROVIDER=moyasar needs SITE_ORIGIN, the site's https origin, not ${siteOrigin || 'nothing'}`,
    )
  return { kind, secretKey, webhookToken, siteOrigin }
}

function checkoutFromEnv(env: Record<string, string | undefined>): CheckoutConfig {
  const origin = env.PAYMENT_PAGE_ORIGIN || undefined
  if (origin !== undefined && !/^https?:\/\/[^/?#]+$/.test(origin))
    throw new Error(`PAYMENT_PAGE_ORIGIN must be an origin like https://pay.example.com, not ${origin}`)
  const delay = env.SANDBOX_WEBHOOK_DELAY_MS
  if (delay !== undefined && delay !== '' && !/^\d{1,6}$/.test(delay))
    throw new Error(`SANDBOX_WEBHOOK_DELAY_MS must be a whole number of milliseconds, not ${delay}`)
  const secret = env.PAYMENT_WEBHOOK_SECRET || undefined
  if (secret !== undefined && secret.trim() !== secret)
    throw new Error('PAYMENT_WEBHOOK_SECRET has leading or trailing spaces: no signature would match')
  return {
    ...checkoutDefaults,
    provider: providerFromEnv(env),
    discountCodes: discountCodesFromEnv(env.DISCOUNT_CODES),
    webhookSecret: secret ?? sandboxWebhookSecret,
    paymentPageOrigin: origin,
    sandboxWebhookDelayMs: Number(delay || 0),
    rate: {
      limit: positive(env, 'RATE_CHECKOUT_LIMIT', checkoutDefaults.rate.limit),
      windowMs: positive(env, 'RATE_CHECKOUT_WINDOW_S', checkoutDefaults.rate.windowMs / 1000) * 1000,
    },
  }
}

export function configFromEnv(env: Record<string, string | undefined>): ApiConfig {
  const trust = env.TRUST_PROXY ?? 'none'
  if (trust !== 'cloudfront' && trust !== 'none')
    throw new Error(`TRUST_PROXY must be cloudfront or none, not ${trust}`)
  const { perAddress, perEmail } = defaultConfig.rate
  return {
    trustProxy: trust,
    bodyLimit: defaultConfig.bodyLimit,
    rate: {
      perAddress: {
        limit: positive(env, 'RATE_ADDRESS_LIMIT', perAddress.limit),
        windowMs: positive(env, 'RATE_ADDRESS_WINDOW_S', perAddress.windowMs / 1000) * 1000,
      },
      perEmail: {
        limit: positive(env, 'RATE_EMAIL_LIMIT', perEmail.limit),
        windowMs: positive(env, 'RATE_EMAIL_WINDOW_S', perEmail.windowMs / 1000) * 1000,
      },
    },
    webhook: webhookFromEnv(env),
    checkout: checkoutFromEnv(env),
  }
}
