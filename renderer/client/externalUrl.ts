export const externalNotAllowed =
  'Navigating to an external URL is not allowed by default. Use navigate(url, { external: true }).'

/** Protocols that are never navigated to, even with `external: true`. */
const refused = ['javascript:', 'data:', 'vbscript:', 'blob:']

/**
 * The navigate() rule of docs/behaviour.md §6: returns how to navigate, or throws. It judges the
 * URL as the browser will parse it, not its text: the parser drops tabs and newlines and trims
 * control characters, so `java\tscript:` is `javascript:`. Another origin (any other scheme, host or
 * port, `//host`) is external.
 */
export function classifyNavigation(
  url: string,
  options: { external?: boolean } = {},
  base: string = location.href,
): 'internal' | 'external' {
  const target = new URL(url, base)
  if (refused.includes(target.protocol)) throw new Error(`Cannot navigate to a URL with '${target.protocol}' protocol.`)
  if (target.origin === new URL(base).origin) return 'internal'
  if (!options.external) throw new Error(externalNotAllowed)
  return 'external'
}
