import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { catalogFile, loadCatalogs } from '../locales/catalogs'
import {
  type ArchivedConsent,
  consentArchiveFile,
  consentListFile,
  consentListSource,
  unrecordedConsent,
} from '../locales/consent'
import { defaultLocale, type Locale, locales } from '../locales/locales'
import { bidiAdvice, codeCommentRuns, markdownProse, markdownRuns, messageRuns } from './bidi'
import { termProblems } from './terms'
import { guidesRoot, listMarkdown } from './guides'
import { documentTexts, loadReference, referenceFile } from './reference/document'

/** What a message needs from its caller: argument names with their kind, and rich-text tags. */
function signature(
  elements: MessageFormatElement[],
  out = new Set<string>(),
  plurals: { name: string; options: string[] }[] = [],
) {
  for (const el of elements) {
    switch (el.type) {
      case TYPE.argument:
        out.add(`{${el.value}}`)
        break
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        out.add(`{${el.value}, ${TYPE[el.type]}}`)
        break
      case TYPE.plural:
      case TYPE.select:
        out.add(`{${el.value}, ${TYPE[el.type]}}`)
        if (el.type === TYPE.plural) plurals.push({ name: el.value, options: Object.keys(el.options) })
        for (const opt of Object.values(el.options)) signature(opt.value, out, plurals)
        break
      case TYPE.tag:
        out.add(`<${el.value}>`)
        signature(el.children, out, plurals)
        break
    }
  }
  return { args: out, plurals }
}

/** CLDR's plural categories, in the order its rules and translators name them. */
const pluralOrder: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other']

export interface CatalogProblem {
  file: string
  /** The line, in a guide. */
  line?: number
  id?: string
  reason: string
}

/** Reads a catalog: a flat JSON object of string messages. */
function readCatalog(file: string): { catalog: Record<string, string>; problems: CatalogProblem[] } {
  let data: unknown
  try {
    data = JSON.parse(readFileSync(file, 'utf8'))
  } catch (err) {
    return { catalog: {}, problems: [{ file, reason: `not valid JSON: ${(err as Error).message}` }] }
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    return { catalog: {}, problems: [{ file, reason: 'must be a JSON object of message id -> ICU message' }] }
  }
  const problems: CatalogProblem[] = []
  for (const [id, value] of Object.entries(data)) {
    if (typeof value !== 'string') problems.push({ file, id, reason: 'message is not a string' })
    else if (!/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/.test(id))
      problems.push({ file, id, reason: 'id is not a flat dotted camelCase key' })
  }
  return { catalog: data as Record<string, string>, problems }
}

/**
 * Compares a translation with the source catalog: same ids, every message parses as ICU, the same
 * arguments and tags, and every plural has the categories its locale needs (Arabic: all six).
 */
export function verifyCatalogs(
  source: { file: string; locale: string },
  targets: { file: string; locale: string }[],
): CatalogProblem[] {
  const src = readCatalog(source.file)
  const problems = [...src.problems]
  const sigs = new Map<string, string[]>()
  const check = (file: string, locale: string, id: string, message: string) => {
    let ast: MessageFormatElement[]
    try {
      ast = parse(message, { requiresOtherClause: true })
    } catch (err) {
      problems.push({ file, id, reason: `ICU message does not parse: ${(err as Error).message}` })
      return null
    }
    const { args, plurals } = signature(ast)
    // In CLDR's order on every Node: Node 20 lists pluralCategories alphabetically, Node 24 does not.
    const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
    const ordered = pluralOrder.filter((c) => needed.includes(c))
    for (const p of plurals) {
      const missing = ordered.filter((c) => !p.options.includes(c))
      if (missing.length)
        problems.push({ file, id, reason: `plural {${p.name}} lacks the ${locale} categories: ${missing.join(', ')}` })
    }
    return [...args].sort()
  }
  for (const [id, message] of Object.entries(src.catalog)) {
    if (typeof message !== 'string') continue
    const sig = check(source.file, source.locale, id, message)
    if (sig) sigs.set(id, sig)
  }
  for (const target of targets) {
    const tgt = readCatalog(target.file)
    problems.push(...tgt.problems)
    for (const id of Object.keys(src.catalog)) {
      if (!(id in tgt.catalog)) problems.push({ file: target.file, id, reason: `missing (present in ${source.file})` })
    }
    for (const [id, message] of Object.entries(tgt.catalog)) {
      if (!(id in src.catalog)) {
        problems.push({ file: target.file, id, reason: `not in the source catalog ${source.file}` })
        continue
      }
      if (typeof message !== 'string') continue
      const sig = check(target.file, target.locale, id, message)
      const want = sigs.get(id)
      if (sig && want && sig.join(' ') !== want.join(' ')) {
        problems.push({
          file: target.file,
          id,
          reason: `arguments differ: source has ${want.join(' ') || 'none'}, this has ${sig.join(' ') || 'none'}`,
        })
      }
    }
  }
  return problems
}

/**
 * The bidi check of build/bidi.ts over the right-to-left locales among `targets`: every message of
 * their catalog, and the prose of their guides (`<guidesRoot>/<locale>/**.md`) when a root is given.
 */
export function verifyBidi(targets: { file: string; locale: string }[], guidesRoot?: string): CatalogProblem[] {
  const problems: CatalogProblem[] = []
  for (const target of targets) {
    if (locales.find((l) => l.code === target.locale)?.dir !== 'rtl') continue
    const { catalog } = readCatalog(target.file)
    for (const [id, message] of Object.entries(catalog)) {
      if (typeof message !== 'string') continue
      for (const run of messageRuns(message))
        problems.push({ file: target.file, id, reason: bidiAdvice(run.text, 'json') })
    }
    if (!guidesRoot) continue
    const dir = join(guidesRoot, target.locale)
    for (const name of listMarkdown(dir).sort()) {
      const file = join(dir, name)
      const source = readFileSync(file, 'utf8')
      for (const run of markdownRuns(source))
        problems.push({ file: relative(process.cwd(), file), line: run.line, reason: bidiAdvice(run.text, 'markdown') })
      for (const run of codeCommentRuns(source))
        problems.push({ file: relative(process.cwd(), file), line: run.line, reason: bidiAdvice(run.text, 'comment') })
    }
    for (const { where, text } of referenceTexts(target.locale))
      for (const run of markdownRuns(text))
        problems.push({
          file: relative(process.cwd(), referenceFile()),
          id: where,
          reason: bidiAdvice(run.text, 'markdown'),
        })
  }
  return problems
}

/** The OpenAPI document's texts in `locale` (the reference's pages are written from them). */
const referenceTexts = (locale: string) => documentTexts(loadReference(), locale, locale === defaultLocale)

/**
 * The glossary check of build/terms.ts over every locale among `targets`: each message of its
 * catalog, and the prose of its guides (line by line, code masked) when a root is given.
 */
export function verifyTerms(targets: { file: string; locale: string }[], guidesRoot?: string): CatalogProblem[] {
  const problems: CatalogProblem[] = []
  for (const target of targets) {
    const locale = target.locale as Locale
    const { catalog } = readCatalog(target.file)
    for (const [id, message] of Object.entries(catalog)) {
      if (typeof message !== 'string') continue
      for (const reason of termProblems(message, locale)) problems.push({ file: target.file, id, reason })
    }
    if (!guidesRoot) continue
    const dir = join(guidesRoot, target.locale)
    for (const name of listMarkdown(dir).sort()) {
      const file = join(dir, name)
      markdownProse(readFileSync(file, 'utf8'))
        .split('\n')
        .forEach((line, i) => {
          for (const reason of termProblems(line, locale))
            problems.push({ file: relative(process.cwd(), file), line: i + 1, reason })
        })
    }
    for (const { where, text } of referenceTexts(locale))
      for (const reason of termProblems(markdownProse(text), locale))
        problems.push({ file: relative(process.cwd(), referenceFile()), id: where, reason })
  }
  return problems
}

export function formatProblems(problems: CatalogProblem[]): string {
  return problems
    .map((p) => `${p.file}${p.line ? `:${p.line}` : ''}${p.id ? ` [${p.id}]` : ''}: ${p.reason}`)
    .join('\n')
}

/**
 * The checks `npm run build` and `npm run i18n:verify` both run, over every locale of the table:
 * each catalog against the default locale's (ids, arguments, plurals, ICU syntax), and the bidi
 * check of right-to-left copy, catalogs and guides. Files are relative to `root`.
 */
export function verifyI18n(root = process.cwd(), guides = guidesRoot) {
  const entry = (locale: string) => ({ file: join(root, catalogFile(locale as never)), locale })
  const targets = locales.filter((l) => l.code !== defaultLocale).map((l) => entry(l.code))
  const catalogs = verifyCatalogs(entry(defaultLocale), targets)
  const bidi = verifyBidi(targets, guides)
  const terms = verifyTerms([entry(defaultLocale), ...targets], guides)
  const rel = (problems: CatalogProblem[]) =>
    problems.map((p) => ({ ...p, file: relative(root, resolve(root, p.file)) }))
  return { catalogs: rel(catalogs), bidi: rel(bidi), terms: rel(terms), consent: verifyConsent(root) }
}

/**
 * What stops the build (build/index.ts), as it prints it: the first kind of problem `verifyI18n`
 * finds, every instance named; null when there is none.
 */
export function buildStoppers(root = process.cwd(), guides = guidesRoot): string | null {
  const { catalogs, bidi, terms, consent } = verifyI18n(root, guides)
  if (catalogs.length) return `The catalogs are not buildable:\n${formatProblems(catalogs)}`
  if (bidi.length) return `Right-to-left copy has Latin runs without a bidi isolate:\n${formatProblems(bidi)}`
  if (terms.length) return `Copy uses words the glossary bans (locales/glossary.ts):\n${formatProblems(terms)}`
  if (consent.length) return `The consent versions are not recorded:\n${formatProblems(consent)}`
  return null
}

/**
 * The consent box and the privacy notice as the catalogs say them must be versions the archive
 * holds (locales/consent.ts): the API of the same commit refuses any other, so a page showing one
 * could not send its form.
 */
function verifyConsent(root: string): CatalogProblem[] {
  const file = join(root, consentArchiveFile)
  let archive: Record<string, ArchivedConsent>
  try {
    archive = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    return [{ file: consentArchiveFile, reason: `cannot be read: ${(error as Error).message}` }]
  }
  const problems: CatalogProblem[] = unrecordedConsent(loadCatalogs(root), archive).map((version) => ({
    file: consentArchiveFile,
    reason: `lacks ${version}: the consent text, the privacy notice or a retention fact changed; run npm run i18n:consent and commit the archive`,
  }))
  let list = ''
  try {
    list = readFileSync(join(root, consentListFile), 'utf8')
  } catch {}
  if (list !== consentListSource(Object.keys(archive)))
    problems.push({ file: consentListFile, reason: `does not list the archive's versions: run npm run i18n:consent` })
  return problems
}
