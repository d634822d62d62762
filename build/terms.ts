// The glossary's `never` words (locales/glossary.ts) and the brand rule, checked in catalogs and
// guide prose by `npm run i18n:verify` and the build: one word per idea, and the Arabic brand رصيد
// never joined to a clitic فـ or بـ («فرصيد» reads as an unknown word; وـ and لـ are fine).
import { glossary, type Term } from '../locales/glossary'
import type { Locale } from '../locales/locales'
import { site } from '../site.config'

/** Arabic without its diacritics and tatweel, as the words are matched. */
export const bare = (text: string) => text.replace(/[\u064B-\u065F\u0670\u0640]/g, '')

/** A banned word or phrase, as the words it is made of, and what to say when it is found. */
interface Rule {
  /** The glossary's idea: one reason per idea and word. */
  idea: string
  words: string[]
  /** Whether its first word may carry a proclitic (و ف ب ل ك) and the article (Arabic). */
  prefixed: boolean
  /** The forms its last word takes (plural, dual, feminine, a pronoun suffix), itself included. */
  last: Set<string>
  reason: string
}

/** Arabic suffixes a noun or adjective takes: sound plurals, dual, feminine, nisba, pronouns. */
const arSuffixes = [
  'ات',
  'ان',
  'ين',
  'ون',
  'ة',
  'ه',
  'ها',
  'هم',
  'هما',
  'هن',
  'ك',
  'كم',
  'كما',
  'نا',
  'ي',
  'ية',
  'يات',
  'يين',
  'يون',
]
/** What replaces a word's final ة: its plural, dual and pronoun suffixes. */
const taEndings = ['ات', 'تان', 'تين', 'ته', 'تها', 'تهم', 'تهما', 'تك', 'تكم', 'تنا', 'تي']

/** A word and its inflected forms (Arabic: suffixes; English: -s, -es). */
function forms(word: string, locale: Locale): string[] {
  if (locale === 'en') return [word, `${word}s`, `${word}es`]
  const out = [word, ...arSuffixes.map((s) => word + s)]
  if (word.endsWith('ة')) out.push(...taEndings.map((s) => word.slice(0, -1) + s))
  return out
}

/**
 * The forms of the glossary's own words for an idea: an inflected banned word that is one of them
 * is the right word («مقالة» is مقال + ة, and the word to use for an article).
 */
const allowedForms = (term: Term, locale: Locale) =>
  new Set(
    wordsOf(term[locale] ?? '', locale)
      .filter(Boolean)
      .flatMap((w) => forms(w, locale)),
  )

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
    const never = (term.never?.[locale] ?? []).map((word) => ({ word, words: wordsOf(word, locale).filter(Boolean) }))
    // Not another rule's word: «نموذجية» is listed itself, not as نموذجي + ة.
    const allowed = allowedForms(term, locale)
    for (const { words } of never) allowed.add(words.join(' '))
    for (const { word, words } of never) {
      const lastWord = words[words.length - 1]!
      rules.push({
        idea: term.idea,
        words,
        prefixed: locale === 'ar',
        // In any form: «النزاعات» is «نزاع», "dispute fees" is "dispute fee".
        last: new Set(forms(lastWord, locale).filter((f) => f === lastWord || words.length > 1 || !allowed.has(f))),
        reason: `"${word}" is not the glossary's word for ${term.idea}${use}`,
      })
    }
    for (const word of term.exact?.[locale as 'ar'] ?? []) {
      const words = wordsOf(word, locale).filter(Boolean)
      rules.push({
        idea: term.idea,
        words,
        prefixed: false,
        last: new Set([words[words.length - 1]!]),
        reason: `"${word}" is not the glossary's word for ${term.idea}${use}${term.note ? ` (${term.note})` : ''}`,
      })
    }
  }
  const brand = site.name[locale]
  if (locale === 'ar')
    for (const clitic of ['ف', 'ب'])
      rules.push({
        idea: 'the brand',
        words: [bare(clitic + brand)],
        prefixed: false,
        last: new Set([bare(clitic + brand)]),
        reason: `the brand ${brand} takes no clitic فـ or بـ: rephrase (وـ and لـ are fine)`,
      })
  // By their first word (as written, with no proclitic or article; a one-word rule by each of its
  // forms): one lookup per word of a text.
  const byFirst = new Map<string, Rule[]>()
  const add = (key: string, rule: Rule) => {
    const list = byFirst.get(key) ?? []
    if (!list.includes(rule)) byFirst.set(key, [...list, rule])
  }
  for (const rule of rules) {
    add(rule.words[0]!, rule)
    if (rule.words.length === 1) for (const form of rule.last) add(form, rule)
  }
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
    const ideas = new Set<string>()
    for (const stem of locale === 'ar' ? stems(word) : [word])
      for (const rule of byFirst.get(stem) ?? []) {
        if ((stem !== word && !rule.prefixed) || ideas.has(rule.idea)) continue
        const end = rule.words.length - 1
        const matches = rule.words.every((w, k) =>
          k === 0 ? end > 0 || rule.last.has(stem) : k === end ? rule.last.has(words[i + k] ?? '') : words[i + k] === w,
        )
        if (!matches) continue
        found.add(rule.reason)
        ideas.add(rule.idea)
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
