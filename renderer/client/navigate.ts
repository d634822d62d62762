import { classifyNavigation } from './externalUrl'
import { go } from './navigation'

/**
 * Navigates to an internal path client-side; an external address throws unless `external: true`,
 * and `javascript:`, `data:`, `vbscript:` and `blob:` are refused always (BEHAVIOUR.md section 6).
 */
export async function navigate(url: string, options: { external?: boolean; replace?: boolean } = {}) {
  if (classifyNavigation(url, options) === 'external') {
    if (options.replace) location.replace(url)
    else location.href = url
    return
  }
  await go(new URL(url, location.href), { replace: options.replace })
}
