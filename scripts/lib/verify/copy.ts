// `copy`: the text every page shows, under the copy rules (build/copyRules.ts).
import { copyProblems, titleCaseProblem } from '../../../build/copyRules'
import { bidiTextOf, elements, is, shownTextOf } from '../../../build/html'
import { extractLocale } from '../../../locales/extractLocale'
import type { Build, Report } from './built'

/**
 * The text every page shows, read once, under the copy rules (build/copyRules.ts): no doubled
 * punctuation (an Arabic amount formatted by Intl ends in the full stop of the riyal's abbreviation,
 * so a message that puts its own after it shows two), no bare percentage after Arabic; English titles and
 * headings in sentence case.
 */
export function checkCopy(build: Build, report: Report) {
  for (const [file, { parsed }] of build.html) {
    const body = parsed && elements(parsed.document, is('body'))[0]
    if (!body) continue
    const locale = extractLocale(`/${file}`).locale
    // The glossary's words are i18n:verify's, read in the catalogs and guides themselves.
    const problems = new Set(copyProblems(bidiTextOf(body), locale, { terms: false }))
    if (locale === 'en')
      for (const el of elements(parsed.document, (n) => /^(title|h1|h2|h3)$/.test(n.tagName))) {
        const title = titleCaseProblem(shownTextOf(el).trim())
        if (title) problems.add(title)
      }
    for (const p of problems) report(file, p)
  }
}
