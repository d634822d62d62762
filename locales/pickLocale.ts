/**
 * Locale detection of docs/behaviour.md §3. The boot script (renderer/client/inline/boot.ts) runs
 * it in every page's <head> before anything is painted, bundled by the build: it must stay a pure
 * function with no imports and no side effects.
 *
 * Cookie first (a value that is not a known code counts as absent), then navigator.languages:
 * an exact match on `language` scores 1 - i/n, a primary-subtag match 0.999 - i/n (as
 * @nuxtjs/i18n does), so earlier browser entries win and an exact match wins a tie.
 */
export function pickLocale(
  cookieValue: string | null | undefined,
  browserLanguages: readonly string[],
  languages: readonly string[],
): string | null {
  if (cookieValue && languages.indexOf(cookieValue) !== -1) return cookieValue
  let best: string | null = null
  let bestScore = -1
  const n = browserLanguages.length
  for (let i = 0; i < n; i++) {
    const wanted = String(browserLanguages[i]).toLowerCase()
    for (let j = 0; j < languages.length; j++) {
      const lang = languages[j]!
      let score = -1
      if (wanted === lang.toLowerCase()) score = 1 - i / n
      else if (wanted.split('-')[0] === lang.toLowerCase().split('-')[0]) score = 0.999 - i / n
      if (score > bestScore) {
        bestScore = score
        best = lang
      }
    }
  }
  return best
}
