// The glossary's `never` words (locales/glossary.ts) and the brand rule, checked in catalogs and
// guide prose by `npm run i18n:verify` and the build: one word per idea, and the Arabic brand رصيد
// never joined to a clitic فـ or بـ («فرصيد» reads as an unknown word; وـ and لـ are fine).
import { glossary } from '../locales/glossary'
import type { Locale } from '../locales/locales'
import { site } from '../site.config'

/** Arabic without its diacritics and tatweel, as the words are matched. */
const bare = (text: string) => text.replace(/[\u064B-\u065F\u0670\u0640]/g, '')
const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const notLetter = '(?<![\\p{L}\\p{M}])'
const end = '(?![\\p{L}\\p{M}])'

interface Rule {
  pattern: RegExp
  reason: string
}

function rulesFor(locale: Locale): Rule[] {
  const rules: Rule[] = []
  for (const term of glossary) {
    const use = term[locale] ? `; write ${term[locale]}` : ''
    for (const word of term.never?.[locale] ?? []) {
      const pattern =
        locale === 'ar'
          ? new RegExp(`${notLetter}(?:[وفبلك]?(?:ال|لل)?)${literally(bare(word))}${end}`, 'u')
          : new RegExp(`\\b${literally(word)}\\b`, 'iu')
      rules.push({ pattern, reason: `"${word}" is not the glossary's word for ${term.idea}${use}` })
    }
    for (const word of term.exact?.[locale as 'ar'] ?? [])
      rules.push({
        pattern: new RegExp(`${notLetter}${literally(bare(word))}${end}`, 'u'),
        reason: `"${word}" is not the glossary's word for ${term.idea}${use}${term.note ? ` (${term.note})` : ''}`,
      })
  }
  const brand = site.name[locale]
  if (locale === 'ar')
    rules.push({
      pattern: new RegExp(`${notLetter}[فب]${literally(bare(brand))}${end}`, 'u'),
      reason: `the brand ${brand} takes no clitic فـ or بـ: rephrase (وـ and لـ are fine)`,
    })
  return rules
}

const cache = new Map<Locale, Rule[]>()

/** What is wrong with the words of `text` in `locale`: one reason per broken rule. */
export function termProblems(text: string, locale: Locale): string[] {
  let rules = cache.get(locale)
  if (!rules) {
    rules = rulesFor(locale)
    cache.set(locale, rules)
  }
  const checked = locale === 'ar' ? bare(text) : text
  return rules.filter((r) => r.pattern.test(checked)).map((r) => r.reason)
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
