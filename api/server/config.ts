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

export type ApiConfig = {
  /** `cloudfront`: the client address is CloudFront-Viewer-Address (or X-Forwarded-For); else the socket's. */
  trustProxy: 'cloudfront' | 'none'
  /** Bytes. */
  bodyLimit: number
  rate: { perAddress: RateRule; perEmail: RateRule }
  /** Unset: forwarding is off and new leads are not queued for it. */
  webhook?: WebhookConfig
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
  }
}
