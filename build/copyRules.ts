// The copy rules a buyer would notice, applied to text as it is shown: the prerendered pages
// (`npm run verify`, scripts/lib/verify/copy.ts), and every catalog message rendered with real
// values and every state of the sandbox hosted page (tests/unit/copy.test.ts). Each rule has an
// example that fails in that test. docs/content.md, "Copy checks".
import type { Locale } from '../locales/locales'
import { termProblems } from './terms'

/** Bidi marks and isolates, which sit between a formatted amount and the next character. */
const BIDI_MARKS = /[\u200E\u200F\u061C\u2066-\u2069]/g

/**
 * Punctuation doubled by a message after a formatted amount («د.إ..», «ج.م.،»), or twice by hand. An
 * abbreviation's full stop before a Latin comma is fine («28. Okt., …» in German).
 */
const DOUBLED = /(?<![.\u2026])\.\s?\.(?![.])|،\s?[،.]|\.\s?،|[؛;]\s?[؛;]|,\s?,/u

/** The first doubled punctuation in `text` (bidi marks ignored), with what surrounds it; or undefined. */
export function doubledPunctuation(text: string): string | undefined {
  const plain = text.replace(BIDI_MARKS, '').replace(/\s+/g, ' ')
  const found = DOUBLED.exec(plain)
  return found ? plain.slice(Math.max(0, found.index - 40), found.index + 6).trim() : undefined
}

/**
 * A percentage written as bare digits and a sign after Arabic words: the bidi algorithm makes the
 * digits Arabic numbers (rule W2) and the sign moves to their left, «البالغ %90». Intl's output
 * (`15‎%‎`, with marks) and an isolated run («⁨90%⁩») show as «90%».
 */
export function barePercentages(text: string): string[] {
  const found: string[] = []
  let isolated = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c >= '\u2066' && c <= '\u2068') isolated++
    else if (c === '\u2069') isolated = Math.max(0, isolated - 1)
    else if (c === '%' && /\d/.test(text[i - 1] ?? '') && isolated === 0) {
      let start = i - 1
      while (start > 0 && /[\d.,٫]/.test(text[start - 1]!)) start--
      // The last strong letter before the number in its line (outside isolates): Arabic makes it an
      // Arabic number.
      const line = text.slice(text.lastIndexOf('\n', start) + 1, start).replace(/\u2068[^\u2069]*\u2069/g, '')
      const before = line.replace(/[^\p{L}\u200E\u200F]/gu, '')
      const last = before[before.length - 1]
      if (last && /\p{Script=Arabic}|\u200F/u.test(last)) found.push(text.slice(Math.max(0, start - 20), i + 1).trim())
    }
  }
  return found
}

/**
 * Words that keep their capital in an English sentence-case title: the brand, markets, payment
 * methods and other names (acronyms in capitals are always fine).
 */
const properNames = new Set(
  (
    'Rasid Visa Mastercard Apple Google Pay Tabby Tamara STC Meeza InstaPay Fawry Saudi Arabia United Arab ' +
    'Emirates Egypt Riyadh Dubai Cairo Moyasar Webhook Webhooks Chargeback English Arabic Nuxt Vike React'
  ).split(' '),
)

/**
 * The error pages' titles, word for word from the specification (docs/behaviour.md, "Error page";
 * sentence case here was declined for that reason: docs/content.md).
 */
const specTitles = ['Page Not Found', 'Internal Server Error']

/**
 * A title in Title Case ("Page Not Found"): the English site writes titles in sentence case, so
 * two or more words after the first that start with a capital, are not in capitals and are not
 * names, make a title Title Case.
 */
export function titleCase(title: string): boolean {
  if (specTitles.some((t) => title === t || title.startsWith(`${t} `) || title.startsWith(`${t}:`))) return false
  let capitalised = 0
  let sentenceStart = true
  for (const token of title.replace(BIDI_MARKS, '').split(/\s+/)) {
    token.split(/[/–—-]+/).forEach((part, k) => {
      const word = part.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
      if (!(sentenceStart && k === 0) && /^\p{Lu}\p{Ll}/u.test(word) && !properNames.has(word)) capitalised++
    })
    if (/\p{L}/u.test(token)) sentenceStart = /[:.?!]$/.test(token)
  }
  return capitalised >= 2
}

/** The problem of an English title in Title Case, or undefined. */
export const titleCaseProblem = (title: string) =>
  titleCase(title) ? `Title Case in a title: "${title}"; English titles are in sentence case` : undefined

/**
 * How a currency may be written (docs/content.md, "Sample numbers and money"): its symbol next to
 * figures (Intl's, "AED 1.00", «1.00 د.إ.»; the riyal's own sign, "⃁ 1.00", «1.00 ⃁»)
 * and one name in prose ("Saudi riyals", «الريال السعودي», with or without the article). Any other
 * form on the same page is a second way of writing it: the ISO code in Arabic, Intl's Title Case
 * display name in English ("Saudi Riyal"), a bare unit ("riyals", «ريال») that leaves the reader to
 * guess which, and beside a figure Intl's symbol for the riyal ("SAR 1.00", «1.00 ر.س.»). Currencies
 * outside the table (the US dollar of the contact form) and locales without one are not read.
 */
const currencyForms: Record<string, Partial<Record<Locale, { form: string; pattern: RegExp }[]>>> = {
  SAR: {
    en: [
      { form: 'a Title Case name', pattern: /\bSaudi Riyals?\b/g },
      { form: 'a bare unit', pattern: /(?<!Saudi |Qatari )\briyals?\b/g },
      { form: 'the ISO code beside a figure, not the riyal sign (⃁)', pattern: /(?<![A-Za-z])SAR[\s\u00A0]?[\d-]/g },
    ],
    ar: [
      { form: 'the ISO code', pattern: /(?<![A-Za-z])SAR(?![A-Za-z])/g },
      { form: 'a bare unit', pattern: /ريال(?:ات)?(?![\p{L}\p{M}])(?! (?:ال)?(?:سعودي|قطري))/gu },
      { form: 'Intl’s symbol, not the riyal sign (⃁)', pattern: /ر\.س\./g },
    ],
  },
  AED: {
    en: [
      { form: 'a Title Case name', pattern: /\b(?:United Arab Emirates|UAE) Dirhams?\b/g },
      { form: 'a bare unit', pattern: /(?<!UAE |Emirati )\bdirhams?\b/g },
    ],
    ar: [
      { form: 'the ISO code', pattern: /(?<![A-Za-z])AED(?![A-Za-z])/g },
      { form: 'a bare unit', pattern: /دراهم|درهم(?![\p{L}\p{M}])(?! (?:ال)?إمارات)/gu },
    ],
  },
  EGP: {
    en: [
      { form: 'a Title Case name', pattern: /\bEgyptian Pounds?\b/g },
      { form: 'a bare unit', pattern: /(?<!Egyptian )\bpounds?\b/g },
    ],
    ar: [
      { form: 'the ISO code', pattern: /(?<![A-Za-z])EGP(?![A-Za-z])/g },
      { form: 'a bare unit', pattern: /جنيه(?:ات)?(?![\p{L}\p{M}])(?! (?:ال)?مصري)/gu },
    ],
  },
}

/** Each currency written in a form besides its symbol and its prose name, with where. */
export function currencyFormProblems(text: string, locale: Locale): string[] {
  const plain = text.replace(BIDI_MARKS, '').replace(/\s+/g, ' ')
  const problems: string[] = []
  for (const [currency, byLocale] of Object.entries(currencyForms))
    for (const { form, pattern } of byLocale[locale] ?? []) {
      pattern.lastIndex = 0
      const found = pattern.exec(plain)
      if (found)
        problems.push(
          `writes ${currency} as ${form} ("…${plain.slice(Math.max(0, found.index - 30), found.index + found[0].length + 10).trim()}…"): next to figures the symbol Intl gives, in prose the name (docs/content.md, "Sample numbers and money")`,
        )
    }
  return problems
}

/**
 * A time of day on a 12-hour clock («6:53 ص», "6:53 AM") or with a GMT offset («غرينتش+3»,
 * "GMT+3"): the site writes times on the 24-hour clock with the place by name ("06:53 Riyadh time",
 * «الساعة 06:53 بتوقيت الرياض»).
 */
export function clockProblems(text: string): string[] {
  const plain = text.replace(BIDI_MARKS, '').replace(/\s+/g, ' ')
  const found: string[] = []
  const twelveHour = [
    /\b\d{1,2}(?::\d{2})? ?(?:[AaPp]\.? ?[Mm]\.?)(?![\p{L}])/u,
    /\d{1,2}:\d{2} ?(?:ص|م|صباحًا|صباحا|مساءً|مساء)(?![\p{L}\p{M}])/u,
  ]
  for (const pattern of twelveHour) {
    const hit = pattern.exec(plain)
    if (hit)
      found.push(
        `a 12-hour time ("${hit[0]}"): write times on the 24-hour clock, "06:53" (docs/content.md, "Copy checks")`,
      )
  }
  const offset = /\b(?:GMT|UTC) ?[+−-] ?\d|\bGMT\b|غرينتش|جرينتش/u.exec(plain)
  if (offset)
    found.push(
      `a GMT offset ("${offset[0]}"): name the place, "Riyadh time" / «بتوقيت الرياض» (docs/content.md, "Copy checks")`,
    )
  return found
}

/**
 * Arabic words a field or a check is never called by: a phone field is
 * «رقم الجوال», never «رقم الهاتف المحمول» (the Egyptian method's name «محافظ الهاتف المحمول» is
 * not a field); 3-D Secure is «التحقق عبر 3-D Secure», never «المصادقة» (which is an API key's
 * authentication, in the glossary).
 */
export function arabicWordingProblems(text: string): string[] {
  const plain = text.replace(BIDI_MARKS, '').replace(/[\u064B-\u0652]/g, '')
  const found: string[] = []
  const phone = /رقم (?:ال)?هاتف(?:ك|ه|ها)? (?:ال)?محمول/u.exec(plain)
  if (phone) found.push(`«${phone[0]}» for a phone field: write «رقم الجوال»`)
  if (/3-D Secure/.test(plain)) {
    const auth = /(?<![\p{L}])[وفبلك]?(?:ال|لل)?مصادق(?:ة|ته|تها)(?![\p{L}])/u.exec(plain)
    if (auth) found.push(`«${auth[0]}» beside 3-D Secure: write «التحقق عبر 3-D Secure»`)
  }
  return found
}

/** An apostrophe other than U+0027 inside an English word ("sandbox’s"): the catalog uses one style. */
export function curlyApostrophes(text: string): string[] {
  return [...text.matchAll(/\p{L}[\u2019\u02BC]\p{L}+/gu)].map((m) => m[0])
}

/**
 * The hosted page's button labels quoted in a guide without a verb before them, so that the sentence
 * loses its verb («اختر فوري ثم **الحصول على رقم مرجعي**»): each bold label of
 * `labels` must follow a verb of pressing or choosing («انقر», «اضغط», «اختر», «الضغط على»; "select",
 * "click", "choose", "press", "tap"), quotes and bold marks aside.
 */
export function bareButtonLabels(markdown: string, labels: readonly string[], locale: Locale): string[] {
  const verb =
    locale === 'ar'
      ? /(?:انقر|اضغط|اختر|النقر|الضغط|اختيار)(?: على)?$/u
      : /\b(?:select|selecting|click|clicking|choose|choosing|press|pressing|tap|tapping)$/iu
  const found: string[] = []
  for (const hit of markdown.matchAll(/\*\*«?([^*«»]+?)»?\*\*/gu)) {
    const label = hit[1]!.trim()
    if (!labels.includes(label)) continue
    const before = markdown.slice(Math.max(0, hit.index - 40), hit.index).replace(/[\s«"“]+$/u, '')
    if (!verb.test(before)) found.push(label)
  }
  return found
}

export interface CopyOptions {
  /** The text is a title (a page's <title>, a heading, a message id ending in `.title`). */
  title?: boolean
  /** The glossary's words too (default); off where `npm run i18n:verify` has read the sources. */
  terms?: boolean
}

/** What a buyer would notice in `text` as shown in `locale`: one sentence per problem. */
export function copyProblems(text: string, locale: Locale, options: CopyOptions = {}): string[] {
  const problems: string[] = []
  const doubled = doubledPunctuation(text)
  if (doubled)
    problems.push(
      `shows doubled punctuation: "…${doubled}…"; a message that ends in a formatted amount (د.إ., ج.م.) needs no full stop of its own: rephrase it`,
    )
  if (locale === 'ar')
    for (const run of barePercentages(text))
      problems.push(`a bare percentage after Arabic shows as «%…»: "${run}"; format it with Intl or isolate it (⁨…⁩)`)
  const title = locale === 'en' && options.title ? titleCaseProblem(text) : undefined
  if (title) problems.push(title)
  problems.push(...currencyFormProblems(text, locale))
  problems.push(...clockProblems(text))
  if (locale === 'ar') problems.push(...arabicWordingProblems(text))
  for (const word of locale === 'en' ? curlyApostrophes(text) : [])
    problems.push(`a curly apostrophe in "${word}": the English copy writes ' (U+0027)`)
  if (options.terms !== false) problems.push(...termProblems(text.replace(BIDI_MARKS, ''), locale))
  return problems
}
