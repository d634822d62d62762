// The glossary's `never` words (locales/glossary.ts) and the brand rule, checked in catalogs and
// guide prose by `npm run i18n:verify` and the build: one word per idea, and the Arabic brand رصيد
// never joined to a clitic فـ or بـ («فرصيد» reads as an unknown word; وـ and لـ are fine).
import { glossary } from '../locales/glossary'
import type { Locale } from '../locales/locales'
import { site } from '../site.config'

/** Arabic without its diacritics and tatweel, as the words are matched. */
export const bare = (text: string) => text.replace(/[\u064B-\u065F\u0670\u0640]/g, '')

/** A banned word or phrase, as the words it is made of, and what to say when it is found. */
interface Rule {
  words: string[]
  /** Whether its first word may carry a proclitic (و ف ب ل ك) and the article (Arabic). */
  prefixed: boolean
  reason: string
}

/** The words of a text: runs of letters and marks (and, in English, hyphens and apostrophes). */
const wordsOf = (text: string, locale: Locale) =>
  (locale === 'ar' ? bare(text) : text.toLowerCase()).split(locale === 'ar' ? /[^\p{L}\p{M}]+/u : /[^\p{L}\p{M}'-]+/u)

/** A word and what it is without its proclitic and article: «فالمدفوعات» -> …, «المدفوعات», «مدفوعات». */
function stems(word: string): string[] {
  const withoutClitic = /^[وفبلك]/.test(word) ? [word, word.slice(1)] : [word]
  return withoutClitic.flatMap((w) => (/^(ال|لل)/.test(w) && w.length > 3 ? [w, w.slice(2)] : [w]))
}

function rulesFor(locale: Locale): Map<string, Rule[]> {
  const rules: Rule[] = []
  for (const term of glossary) {
    const use = term[locale] ? `; write ${term[locale]}` : ''
    for (const word of term.never?.[locale] ?? [])
      rules.push({
        words: wordsOf(word, locale).filter(Boolean),
        prefixed: locale === 'ar',
        reason: `"${word}" is not the glossary's word for ${term.idea}${use}`,
      })
    for (const word of term.exact?.[locale as 'ar'] ?? [])
      rules.push({
        words: wordsOf(word, locale).filter(Boolean),
        prefixed: false,
        reason: `"${word}" is not the glossary's word for ${term.idea}${use}${term.note ? ` (${term.note})` : ''}`,
      })
  }
  const brand = site.name[locale]
  if (locale === 'ar')
    for (const clitic of ['ف', 'ب'])
      rules.push({
        words: [bare(clitic + brand)],
        prefixed: false,
        reason: `the brand ${brand} takes no clitic فـ or بـ: rephrase (وـ and لـ are fine)`,
      })
  // By their first word (as written, with no proclitic or article): one lookup per word of a text.
  const byFirst = new Map<string, Rule[]>()
  for (const rule of rules) byFirst.set(rule.words[0]!, [...(byFirst.get(rule.words[0]!) ?? []), rule])
  return byFirst
}

const cache = new Map<Locale, Map<string, Rule[]>>()

/** What is wrong with the words of `text` in `locale`: one reason per broken rule. */
export function termProblems(text: string, locale: Locale): string[] {
  let byFirst = cache.get(locale)
  if (!byFirst) {
    byFirst = rulesFor(locale)
    cache.set(locale, byFirst)
  }
  const words = wordsOf(text, locale)
  const found = new Set<string>()
  words.forEach((word, i) => {
    if (!word) return
    for (const stem of locale === 'ar' ? stems(word) : [word])
      for (const rule of byFirst.get(stem) ?? []) {
        if (stem !== word && !rule.prefixed) continue
        if (rule.words.every((w, k) => k === 0 || words[i + k] === w)) found.add(rule.reason)
      }
  })
  return [...found]
}

/** The glossary as the Markdown table docs/content.md shows (`npm run docs:glossary` writes it there). */
export function glossaryTable(): string {
  const cell = (s = '') => s.replace(/\|/g, '\\|')
  const never = (t: (typeof glossary)[number]) =>
    [...(t.never?.en ?? []), ...(t.never?.ar ?? []), ...(t.exact?.ar ?? [])].join(', ')
  return [
    '| idea | English | Arabic | never |',
    '|---|---|---|---|',
    ...glossary.map(
      (t) =>
        `| ${cell(t.idea)} | ${cell(t.en)} | ${cell(t.ar)}${t.note ? ` (${cell(t.note)})` : ''} | ${cell(never(t))} |`,
    ),
  ].join('\n')
}
