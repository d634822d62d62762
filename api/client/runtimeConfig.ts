// The browser's copy of runtime-config.json (docs/api.md, "Runtime configuration"): fetched once,
// revalidated with the server, and checked with the contract's schema. A missing or malformed file
// is not fatal: the build's defaults (PUBLIC_API_BASE, ...) stand in, with a console warning.
import { safeParse } from 'valibot'
import { issuesText, RuntimeConfig, runtimeConfigPath } from '../contract/runtimeConfig'

/** The build's defaults, compiled in (build/vite.ts `define`, from build/runtimeConfig.ts). */
declare const __RUNTIME_CONFIG_DEFAULTS__: RuntimeConfig

let loaded: Promise<RuntimeConfig> | undefined

/** runtime-config.json, once per page load; the build's defaults when it cannot be had or is wrong. */
export function runtimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  loaded ??= read(fetchImpl)
  return loaded
}

/** Tests only: forget the file read. */
export function forgetRuntimeConfig() {
  loaded = undefined
}

async function read(fetchImpl: typeof fetch): Promise<RuntimeConfig> {
  let problem: string
  try {
    const response = await fetchImpl(runtimeConfigPath, { cache: 'no-cache' })
    if (!response.ok) problem = `HTTP ${response.status}`
    else {
      const parsed = safeParse(RuntimeConfig, await response.json())
      if (parsed.success) return parsed.output
      problem = issuesText(parsed.issues)
    }
  } catch (err) {
    problem = (err as Error).message
  }
  console.warn(`[rasid] ${runtimeConfigPath} is unusable (${problem}); using the build's defaults.`)
  return __RUNTIME_CONFIG_DEFAULTS__
}
