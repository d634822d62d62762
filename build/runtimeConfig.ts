// dist/runtime-config.json: the build's defaults, which operations may change without a rebuild
// (docs/api.md, "Runtime configuration"). The schema is the contract's (api/contract/runtimeConfig.ts).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { safeParse } from 'valibot'
import { issuesText, RuntimeConfig, runtimeConfigPath } from '../api/contract/runtimeConfig'

/**
 * From the build's environment: PUBLIC_API_BASE (default `/api/v1`, the same origin),
 * PUBLIC_PAYMENT_HOSTS (comma-separated hosts, default none). A value the schema refuses fails
 * the build with the reason.
 */
export function runtimeConfigFromEnv(env: Record<string, string | undefined>): RuntimeConfig {
  const config = {
    apiBase: env.PUBLIC_API_BASE || '/api/v1',
    paymentHosts: (env.PUBLIC_PAYMENT_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    features: {},
  }
  const parsed = safeParse(RuntimeConfig, config)
  if (!parsed.success)
    throw new Error(
      `runtime-config.json: ${issuesText(parsed.issues)} (PUBLIC_API_BASE is a path such as /api/v1 or an https URL)`,
    )
  return parsed.output
}

export function writeRuntimeConfig(dist: string, config: RuntimeConfig) {
  writeFileSync(join(dist, runtimeConfigPath.slice(1)), `${JSON.stringify(config, null, 2)}\n`)
}
