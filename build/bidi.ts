// Latin text inside Arabic copy that the Unicode bidi algorithm reorders: "3-D Secure" in an Arabic
// sentence shows as "D Secure-3", because a digit after Arabic letters takes the Arabic direction
// and a hyphen between it and a Latin letter takes the sentence's. The cure is an isolate:
// U+2068 FIRST STRONG ISOLATE before the run and U+2069 POP DIRECTIONAL ISOLATE after it (or, in a
// guide, <bdi>…</bdi>), so the run is laid out on its own, left to right.
//
// The rule, precisely. A Latin fragment is a run of tokens (Latin letters and ASCII digits) joined
// by `-`, `/`, `.` or `:`, or by spaces between two tokens that hold a Latin letter ("Apple Pay",
// not "100 SAR"); it counts only when it holds a Latin letter (a number alone, "خلال 2 يوم", "24/7",
// "100.00", is laid out as a number and is fine). A fragment is flagged when
// it starts with a digit or contains a hyphen, and is neither inside U+2068 (or U+2066 LEFT-TO-RIGHT
// ISOLATE) … U+2069 nor inside <bdi>…</bdi>. ICU arguments (`{amount}`) and `#` are not text.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'

const FSI = '\u2068'
const LRI = '\u2066'
const RLI = '\u2067'
const PDI = '\u2069'

/** Stands for what is not text (an ICU argument, code, a tag): no token, no joiner. */
const HOLE = '\uFFFC'
const FRAGMENT =
  /[\p{Script=Latin}0-9]+(?:[-/.:]+[\p{Script=Latin}0-9]+|(?<=\p{Script=Latin}[0-9]*)[ \t\u00A0]+(?=[0-9]*\p{Script=Latin})[\p{Script=Latin}0-9]+)*/gu
const LATIN_LETTER = /\p{Script=Latin}/u

export interface BidiRun {
  /** The fragment as written. */
  text: string
  /** Its offset in the text that was checked. */
  index: number
}

/** Whether the isolates open at `index` make the text there read left to right on its own. */
function isolatedAt(text: string, index: number, isolated = false): boolean {
  const open: string[] = []
  for (let i = 0; i < index; i++) {
    const c = text[i]
    if (c === FSI || c === LRI || c === RLI) open.push(c)
    else if (c === PDI) open.pop()
    // A new paragraph closes every isolate.
    else if (c === '\n' && text[i - 1] === '\n') open.length = 0
  }
  return isolated || open.some((c) => c === FSI || c === LRI)
}

/** The flagged fragments of a plain text (`isolated`: the whole text already sits in an isolate). */
function unisolatedRuns(text: string, isolated = false): BidiRun[] {
  const runs: BidiRun[] = []
  for (const m of text.matchAll(FRAGMENT)) {
    const run = m[0]
    if (!LATIN_LETTER.test(run) || !(/^[0-9]/.test(run) || run.includes('-'))) continue
    if (isolatedAt(text, m.index!, isolated)) continue
    runs.push({ text: run, index: m.index! })
  }
  return runs
}

/**
 * The flagged fragments of an ICU message: literal text with arguments as holes, `<bdi>` elements
 * skipped, other tags read through, each plural or select option checked on its own (isolated when
 * the option sits inside an isolate). A message that does not parse gives none: verifyCatalogs
 * reports it.
 */
export function messageRuns(message: string): BidiRun[] {
  let ast: MessageFormatElement[]
  try {
    ast = parse(message, { requiresOtherClause: false })
  } catch {
    return []
  }
  const runs: BidiRun[] = []
  const visit = (elements: MessageFormatElement[], isolated: boolean) => {
    let text = ''
    const options: { at: number; elements: MessageFormatElement[] }[] = []
    const flatten = (els: MessageFormatElement[]) => {
      for (const el of els) {
        if (el.type === TYPE.literal) text += el.value
        else if (el.type === TYPE.tag) {
          if (el.value.toLowerCase() === 'bdi') text += HOLE
          else flatten(el.children)
        } else if (el.type === TYPE.plural || el.type === TYPE.select) {
          for (const opt of Object.values(el.options)) options.push({ at: text.length, elements: opt.value })
          text += HOLE
        } else text += HOLE
      }
    }
    flatten(elements)
    runs.push(...unisolatedRuns(text, isolated))
    for (const opt of options) visit(opt.elements, isolatedAt(text, opt.at, isolated))
  }
  visit(ast, false)
  return runs
}

const mask = (s: string) => s.replace(/[^\n]/g, HOLE)

/**
 * A guide's prose with everything that is not prose masked (same length, same lines): the front
 * matter's keys, fenced code blocks, inline code, <bdi>…</bdi>, HTML tags, link destinations and
 * autolinks.
 */
export function markdownProse(source: string): string {
  const lines = source.split('\n')
  let fence: string | null = null
  let frontMatter = lines[0]?.trim() === '---'
  const out = lines.map((line, i) => {
    if (frontMatter) {
      if (i > 0 && line.trim() === '---') frontMatter = false
      return i === 0 || !frontMatter ? mask(line) : line.replace(/^\s*\w+:/, mask)
    }
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence) {
      if (
        marker &&
        marker[0] === fence[0] &&
        marker.length >= fence.length &&
        !line.slice(line.indexOf(marker) + marker.length).trim()
      )
        fence = null
      return mask(line)
    }
    if (marker) {
      fence = marker
      return mask(line)
    }
    return line
  })
  return (
    out
      .join('\n')
      .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, mask)
      .replace(/<bdi\b[^>]*>[\s\S]*?<\/bdi\s*>/gi, mask)
      // Fact placeholders (build/guideFacts.ts): filled at build time.
      .replace(/\{\{\s*[\w-]+\s*\}\}/g, mask)
      // Tags and autolinks (`<https://…>`).
      .replace(/<\/?[A-Za-z][^>\n]*>/g, mask)
      // `[text](destination "title")`: the text is prose, the rest is not.
      .replace(/\]\((?:<[^>\n]*>|[^\s)]*)(?:\s+"[^"\n]*")?\s*\)/g, (m) => `]${mask(m.slice(1))}`)
      .replace(/^( {0,3}\[[^\]\n]+\]:)(.*)$/gm, (_, label: string, rest: string) => label + mask(rest))
  )
}

/** The flagged fragments of a Markdown guide, with their 1-based line. */
export function markdownRuns(source: string): (BidiRun & { line: number })[] {
  const prose = markdownProse(source)
  return unisolatedRuns(prose).map((run) => ({ ...run, line: prose.slice(0, run.index).split('\n').length }))
}

const ARABIC = /\p{Script=Arabic}/u
/** A code comment: `//` or `#` after a space or at the start of the line, or a block comment's opener. */
const COMMENT = /(?:^|\s)(?:\/\/|#|\/\*|<!--)(.*)$/

/**
 * The code comments of a guide's fenced blocks that mix Arabic and Latin words, with their 1-based
 * line. A code block is laid out left to right, so an Arabic comment with a Latin word in it shows its
 * words out of order («… للتو client_secret تأتي»): such a comment is written in English, or in Arabic
 * with no Latin word.
 */
export function codeCommentRuns(source: string): (BidiRun & { line: number })[] {
  const runs: (BidiRun & { line: number })[] = []
  let fence: string | null = null
  source.split('\n').forEach((line, i) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (!fence) {
      if (marker) fence = marker
      return
    }
    if (marker && marker[0] === fence[0] && marker.length >= fence.length) {
      fence = null
      return
    }
    const comment = COMMENT.exec(line)?.[1]
    if (comment && ARABIC.test(comment) && LATIN_LETTER.test(comment))
      runs.push({ text: comment.trim(), index: line.indexOf(comment), line: i + 1 })
  })
  return runs
}

/** What to tell a translator about a run. */
export function bidiAdvice(run: string, where: 'json' | 'markdown' | 'comment'): string {
  if (where === 'comment')
    return (
      `the code comment "${run}" mixes Arabic and Latin words, which a left-to-right code block shows out of order; ` +
      'write the comment in English, or in Arabic with no Latin word'
    )
  const fixed = where === 'json' ? `"\\u2068${run}\\u2069"` : `<bdi>${run}</bdi>, or U+2068 ${run} U+2069`
  return (
    `the Latin run "${run}" is not isolated from the Arabic around it, so its digits or hyphen can show out of order; ` +
    `wrap it in U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE: ${fixed}`
  )
}
