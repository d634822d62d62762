export const externalNotAllowed =
  'Navigating to an external URL is not allowed by default. Use navigate(url, { external: true }).'

/** Addresses that are never navigated to, even with `external: true`. */
const refused = /^\s*(javascript|data|vbscript|blob):/i

/** Any protocol (`https:`, `mailto:`, …) or a protocol-relative `//host` is external. */
function isExternal(url: string): boolean {
  return /^\s*[a-z][a-z\d+\-.]*:/i.test(url) || /^\s*[\\/]{2}/.test(url)
}

/**
 * The navigate() rule of docs/behaviour.md §6: returns how to navigate, or throws.
 */
export function classifyNavigation(url: string, options: { external?: boolean } = {}): 'internal' | 'external' {
  if (refused.test(url))
    throw new Error(`Cannot navigate to a URL with '${url.trim().split(':')[0]!.toLowerCase()}:' protocol.`)
  if (!isExternal(url)) return 'internal'
  if (!options.external) throw new Error(externalNotAllowed)
  return 'external'
}
