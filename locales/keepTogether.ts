import { type Locale, scriptOf } from './locales'

/**
 * A short Latin name of two or three words ("3-D Secure", "Apple Pay", "STC Pay", "100 SAR") in
 * non-Latin text: a line that breaks inside it leaves half a name at one line's end and half at the
 * next line's start, on opposite sides of a right-to-left paragraph. Longer Latin runs (a sentence
 * quoted in English) may still break.
 */
const NAME = /[\p{Script=Latin}0-9][\p{Script=Latin}0-9.+&'-]*(?: [\p{Script=Latin}0-9][\p{Script=Latin}0-9.+&'-]*)+/gu
const LATIN = /\p{Script=Latin}/u
/** In Latin text, only a name that starts with a number and a hyphen ("3-D Secure"): the rest is prose. */
const NUMBERED_NAME = /\b[0-9]+-[A-Z][A-Za-z]* [A-Z][a-z]+\b/g
const MAX_LENGTH = 24
const MAX_WORDS = 3

/**
 * `text` with each short Latin name unbreakable on a page not in Latin script (on a Latin one, a
 * numbered name such as "3-D Secure"): its spaces no-break (U+00A0), and a WORD JOINER (U+2060, no
 * glyph) after each hyphen, where a line may otherwise break.
 */
export function keepNamesTogether(text: string, locale: Locale): string {
  if (scriptOf(locale) === 'latin') return text.replace(NUMBERED_NAME, unbreakable)
  return text.replace(NAME, (name) =>
    name.length <= MAX_LENGTH && name.split(' ').length <= MAX_WORDS && LATIN.test(name) ? unbreakable(name) : name,
  )
}

const unbreakable = (name: string) => name.replaceAll(' ', '\u00A0').replaceAll('-', '-\u2060')
