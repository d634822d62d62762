export const cookieName = 'i18n_redirected'
export const cookieMaxAge = 365 * 24 * 60 * 60

/** Records the locale of the page a visitor lands on (BEHAVIOUR.md section 3). */
export function writeLocaleCookie(locale: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${cookieName}=${locale}; Max-Age=${cookieMaxAge}; Path=/; SameSite=Lax${secure}`
}
