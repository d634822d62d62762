export const cookieName = 'i18n_redirected'
/** The cookie's lifetime in seconds, 365 days (docs/behaviour.md §3); the privacy notice states it in days. */
export const cookieMaxAge = 365 * 24 * 60 * 60

/** Records the locale of the page a visitor lands on (docs/behaviour.md §3). */
export function writeLocaleCookie(locale: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the site supports
  document.cookie = `${cookieName}=${locale}; Max-Age=${cookieMaxAge}; Path=/; SameSite=Lax${secure}`
}
