// The API server's settings, from the environment (docs/api.md lists them).

export type RateRule = { limit: number; windowMs: number }

export type ApiConfig = {
  /** `cloudfront`: the client address is CloudFront-Viewer-Address (or X-Forwarded-For); else the socket's. */
  trustProxy: 'cloudfront' | 'none'
  /** Bytes. */
  bodyLimit: number
  rate: { perAddress: RateRule; perEmail: RateRule }
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
  }
}
