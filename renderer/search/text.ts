// How guide search reads words, the same when the build indexes a guide (build/search.ts) and when a
// visitor types a query (renderer/client/guideSearch.ts): both sides turn a word into the same term,
// so a query matches whatever spelling the guide used (docs/search.md).
//
// Arabic: diacritics and tatweel go; the forms of alef (أ إ آ ٱ) read as ا, hamza on a carrier (ؤ ئ)
// as its carrier, ta marbuta (ة) as ه and alef maqsura (ى) as ي, the Persian ی and ک as ي and ك; the
// article and the attached particles (و ف before ب ك ل, and ال or لل) are stripped while a stem of 2
// letters (3 without the article) is left; Arabic-Indic digits read as 0-9. English: lower case,
// accents off, a plural as its singular. A brand reads the same in either script (mada and مدى), from
// `brandPairs`; an Arabic spelling also keeps its own term (ميزة is also "a feature").

/** Combining marks of Arabic (harakat, shadda, sukun, dagger alef) and the tatweel. */
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g
const ARABIC_LETTER = /[\u0600-\u06FF]/
const FOLDS: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ؤ: 'و',
  ئ: 'ي',
  ة: 'ه',
  ى: 'ي',
  ی: 'ي',
  ک: 'ك',
}

/**
 * Brand names as each language's copy writes them, and the other spellings a visitor types; the
 * first Latin name is the term both index. Multi-word names pair word by word.
 */
const brandPairs: readonly (readonly [latin: string, arabic: readonly string[]])[] = [
  ['mada', ['مدى']],
  ['Tabby', ['تابي']],
  ['Tamara', ['تمارا']],
  ['Meeza', ['ميزة', 'ميزه']],
  ['InstaPay', ['إنستاباي']],
  ['Fawry', ['فوري']],
  ['Visa', ['فيزا']],
  ['Mastercard', ['ماستركارد']],
  ['Apple Pay', ['أبل باي', 'آبل باي', 'ابل باي']],
  ['Google Pay', ['جوجل باي', 'قوقل باي', 'غوغل باي']],
]

/** A word's Arabic spelling, folded, -> the Latin term it stands for. */
const brandTerms = (() => {
  const map = new Map<string, string>()
  for (const [latin, arabic] of brandPairs) {
    const target = latin.toLowerCase().split(' ')
    for (const spelling of arabic) {
      const words = spelling.split(' ').map(fold)
      if (words.length !== target.length) continue
      for (const [i, w] of words.entries()) map.set(w, target[i]!)
    }
  }
  return map
})()

/** Diacritics, tatweel and the letter forms folded; digits Latin; lower case; accents off. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    .replace(ARABIC_MARKS, '')
    .replace(/[أإآٱؤئةىیک]/g, (c) => FOLDS[c]!)
    .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf))
    .toLowerCase()
}

/** Words: runs of letters, marks and digits (an apostrophe inside an English word stays). */
export function words(text: string): string[] {
  return text.match(/[\p{L}\p{M}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []
}

/** The particles a word may start with: و ف, then ب ك ل, then ال (or لل for ل + ال). */
const CONJUNCTION = /^[وف]/
const PREFIXES = [/^[بك]?ال/, /^لل/, /^[بكل]/]

/**
 * The word and what it may be under its attached particles: بطاقة -> بطاقه, طاقه. A letter that
 * starts a word may be a particle or the stem's own (ب of بطاقة), so both sides keep every reading
 * that leaves a stem of 2 letters after the article, 3 without it (بال is not ال, وقت is not قت),
 * and a query matches a guide when one of its readings is one of the guide's.
 */
function arabicReadings(word: string): string[] {
  const out = new Set([word])
  const withoutConjunction = CONJUNCTION.test(word) && word.length > 3 ? word.slice(1) : ''
  for (const base of withoutConjunction ? [word, withoutConjunction] : [word]) {
    out.add(base)
    for (const prefix of PREFIXES) {
      const m = prefix.exec(base)
      if (!m) continue
      const least = m[0].endsWith('ال') || m[0] === 'لل' ? 2 : 3
      if (base.length - m[0].length >= least) out.add(base.slice(m[0].length))
    }
  }
  return [...out]
}

/** Words in -ies that are not a -y word's plural: a -ie word's, or their own. */
const IES_AS_IS: Record<string, string> = {
  cookies: 'cookie',
  movies: 'movie',
  ties: 'tie',
  series: 'series',
  species: 'species',
}

/** An English plural as its singular: policies -> policy, boxes -> box, keys -> key, statuses -> status (not "status"). */
function englishStem(word: string): string {
  if (word.length < 4 || !word.endsWith('s')) return word
  if (/(ss|us|is)$/.test(word)) return word
  if (word.endsWith('uses')) return word.slice(0, -2)
  if (Object.hasOwn(IES_AS_IS, word)) return IES_AS_IS[word]!
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (/(x|ch|sh|ss|zz)es$/.test(word)) return word.slice(0, -2)
  return word.slice(0, -1)
}

/**
 * One word (as `words` cut it) -> the terms it reads as (the index holds them all; a query word
 * matches any of them). The first is the word itself, folded. Nothing for a word that folds to nothing.
 */
export function termsOf(word: string): string[] {
  const folded = fold(word)
    .replace(/['’]s$/, '')
    .replace(/['’]/g, '')
  if (!folded) return []
  if (ARABIC_LETTER.test(folded)) {
    const readings = arabicReadings(folded)
    const brands = readings.map((r) => brandTerms.get(r)).filter((b): b is string => !!b)
    return [...new Set([...readings, ...brands])]
  }
  const stem = englishStem(folded)
  return stem === folded ? [folded] : [stem]
}
