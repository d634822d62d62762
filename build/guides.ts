import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { Marked } from 'marked'
import { localeCodes, type Locale } from '../locales/locales'
import { localizePath } from '../locales/localizePath'

export interface GuideSummary {
  slug: string
  title: string
  description: string
  order: number
}

export interface Guide extends GuideSummary {
  html: string
}

// Resolved from the project root: this module is also bundled into the build's server code.
// GUIDES_DIR points the build at another set of articles (`npm run bench -- --guides 500`).
export const guidesRoot = process.env.GUIDES_DIR ? resolve(process.env.GUIDES_DIR) : join(process.cwd(), 'locales', 'guides')

export class ContentError extends Error {
  constructor(file: string, reason: string) {
    super(`${relative(process.cwd(), file)}: ${reason}`)
    this.name = 'ContentError'
  }
}

const marked = new Marked({
  gfm: true,
  renderer: {
    // Code reads left to right in both languages.
    code({ text, lang }) {
      const cls = lang ? ` class="language-${escapeHtml(lang)}"` : ''
      return `<pre dir="ltr"><code${cls}>${escapeHtml(text)}</code></pre>\n`
    },
    codespan({ text }) {
      return `<code dir="ltr">${text}</code>`
    },
  },
  walkTokens(token) {
    // `./api-keys.md` in an article is the guide page of that slug, in the article's language.
    if (token.type === 'link' && /^\.{0,2}\/?[\w/-]+\.md(#.*)?$/.test(token.href)) {
      const [file, hash] = token.href.split('#')
      const slug = file!.replace(/^\.?\//, '').replace(/\.md$/, '')
      token.href = `${localizePath(`/guide/${slug}`, currentLocale)}${hash ? `#${hash}` : ''}`
    }
  },
})
let currentLocale: Locale = 'en'

function escapeHtml(s: string) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** The Markdown files under `dir`, relative to it, `/`-separated (none when `dir` does not exist). */
export function listMarkdown(dir: string): string[] {
  let entries: string[]
  try {
    entries = readdirSync(dir, { recursive: true }) as string[]
  } catch {
    return []
  }
  return entries.filter((f) => f.endsWith('.md')).map((f) => f.split(sep).join('/'))
}

/** Parses one guide file: `---` front matter with title, description and order, then Markdown. */
export function parseGuide(file: string, slug: string, source: string, locale: Locale): Guide {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source)
  if (!match) throw new ContentError(file, 'missing front matter (a --- block with title, description and order)')
  const meta: Record<string, string> = {}
  for (const line of match[1]!.split(/\r?\n/)) {
    if (!line.trim()) continue
    const kv = /^(\w+):\s*(.*)$/.exec(line)
    if (!kv) throw new ContentError(file, `front matter line is not "key: value": ${line}`)
    meta[kv[1]!] = kv[2]!.replace(/^"(.*)"$/, '$1')
  }
  for (const key of ['title', 'description', 'order']) {
    if (!meta[key]) throw new ContentError(file, `front matter lacks "${key}"`)
  }
  const order = Number(meta.order)
  if (!Number.isInteger(order)) throw new ContentError(file, `front matter "order" is not an integer: ${meta.order}`)
  const body = match[2]!
  if (!body.trim()) throw new ContentError(file, 'the article has no body')
  if (/^#\s/m.test(body)) throw new ContentError(file, 'the body must not have a level-1 heading: the title is the page h1')
  currentLocale = locale
  const html = marked.parse(body, { async: false }) as string
  return { slug, title: meta.title!, description: meta.description!, order, html }
}

/**
 * Every guide of every locale, sorted by `order`. Fails with the file and the reason when a file is
 * malformed or a slug exists in one language and not the other.
 */
export function loadGuides(root = guidesRoot): Record<Locale, Guide[]> {
  let guides = loaded.get(root)
  if (!guides) loaded.set(root, (guides = readGuides(root)))
  return guides
}
// The build asks for the guides from several places (routes, data, the slug list): read them once.
const loaded = new Map<string, Record<Locale, Guide[]>>()

function readGuides(root: string): Record<Locale, Guide[]> {
  const result = {} as Record<Locale, Guide[]>
  const slugSets: Record<string, Set<string>> = {}
  for (const locale of localeCodes) {
    const dir = join(root, locale)
    const files = listMarkdown(dir)
    if (!files.length) throw new ContentError(dir, 'no guide articles found')
    result[locale] = files
      .map((f) => parseGuide(join(dir, f), f.replace(/\.md$/, '').replace(/(^|\/)index$/, ''), readFileSync(join(dir, f), 'utf8'), locale))
      .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug))
    slugSets[locale] = new Set(result[locale].map((g) => g.slug))
  }
  const [first, ...rest] = localeCodes
  for (const locale of rest) {
    for (const slug of slugSets[first!]!) {
      if (!slugSets[locale]!.has(slug)) throw new ContentError(join(root, locale, `${slug}.md`), `missing: the ${first} guide "${slug}" has no ${locale} version`)
    }
    for (const slug of slugSets[locale]!) {
      if (!slugSets[first!]!.has(slug)) throw new ContentError(join(root, locale, `${slug}.md`), `no ${first} version of this guide`)
    }
  }
  return result
}

export function guideSlugs(root = guidesRoot): string[] {
  return loadGuides(root)[localeCodes[0]!].map((g) => g.slug)
}
