import { readdirSync, readFileSync } from 'node:fs'
import { join, posix, relative, resolve, sep } from 'node:path'
import { transformSync } from 'esbuild'
import { Marked } from 'marked'
import hljs from 'highlight.js/lib/core'
import bash from 'highlight.js/lib/languages/bash'
import http from 'highlight.js/lib/languages/http'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import php from 'highlight.js/lib/languages/php'
import python from 'highlight.js/lib/languages/python'
import typescript from 'highlight.js/lib/languages/typescript'
import { currencySigns } from '../api/contract/currencySign'
import { loadCatalog } from '../locales/catalogs'
import { fillFacts } from './guideFacts'
import { loadReference, referenceFile } from './reference/document'
import { isOperationFile, referenceOperations, referenceSources, requestOf } from './reference/pages'
import { samplesOf } from './reference/samples'
import { defaultLocale, dirOf, type Locale, localeCodes } from '../locales/locales'
import { keepNamesTogether } from '../locales/keepTogether'
import { localizePath } from '../locales/localizePath'
import type { MessageId } from '../locales/messages'
import { escapeHtml } from '../renderer/shared/html'

/**
 * The docs tree's sections, in reading order: each is a folder of `locales/guides/<locale>/`, the
 * first segment of its articles' addresses (`payments/refunds.md` is `/guide/payments/refunds`, a
 * folder's `index.md` the folder's own address), with a `guide.group.<name>` message (`groupMessage`). The sidebar,
 * the index and the previous / next links follow this order, then each article's `order`.
 */
export const guideGroups = [
  'getting-started',
  'payments',
  'saved-cards',
  'disputes',
  'payouts',
  'in-store',
  'platforms',
  'webhooks',
  'testing',
  'going-live',
  'reference',
] as const
export type GuideGroup = (typeof guideGroups)[number]

/** A section's name in the catalogs: `in-store` -> `guide.group.inStore` (message ids are camelCase). */
export const groupMessage = (group: GuideGroup) =>
  `guide.group.${group.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}` as MessageId

export interface GuideSummary {
  slug: string
  title: string
  description: string
  order: number
  group: GuideGroup
  /**
   * A page of one operation or event of the API reference (build/reference/pages.ts): listed by
   * its tag's page and the sidebar, not the index; in the search's first chunk by its title alone.
   */
  operation?: true
}

interface TocEntry {
  id: string
  /** The heading's inline HTML (isolated Latin runs, inline code kept). */
  html: string
  depth: 2 | 3
}

export interface Guide extends GuideSummary {
  html: string
  /** The article's h2 and h3 headings, for its table of contents. */
  toc: TocEntry[]
}

// Code is highlighted at build time: the browser gets classes (styled in uno.config.ts), no script.
const languages = { bash, http, javascript, json, php, python, typescript } as const
for (const [name, lang] of Object.entries(languages)) hljs.registerLanguage(name, lang)
hljs.registerAliases(['js'], { languageName: 'javascript' })
hljs.registerAliases(['ts'], { languageName: 'typescript' })
hljs.registerAliases(['sh', 'shell'], { languageName: 'bash' })
/**
 * The highlighter's classes that renderer/styles/guide.css colours, by the short class of their
 * colour that the page carries instead (`hs` for hljs-string, …: 9 to 18 bytes less a span, on the
 * page and again in its payload). A span with none of them (the punctuation, a
 * sub-language's wrapper) colours nothing: it is left out, its text kept. That is a third of a
 * guide's code markup.
 */
const codeColours: Record<string, readonly string[]> = {
  hc: ['hljs-comment', 'hljs-quote', 'hljs-meta'],
  hk: ['hljs-keyword', 'hljs-selector-tag', 'hljs-type'],
  hs: ['hljs-string', 'hljs-regexp', 'hljs-addition'],
  hn: ['hljs-number', 'hljs-literal', 'hljs-variable', 'hljs-template-variable'],
  ht: ['hljs-title', 'hljs-section'],
  ha: ['hljs-attr', 'hljs-attribute', 'hljs-property', 'hljs-name'],
  hb: ['hljs-built_in', 'hljs-symbol', 'hljs-params'],
  hd: ['hljs-deletion'],
}
const shortClass = new Map(Object.entries(codeColours).flatMap(([short, classes]) => classes.map((c) => [c, short])))

/** hljs's HTML (spans with one class attribute, escaped text): the styled spans with their colour's class, the others left out. */
function styledSpans(html: string): string {
  const kept: boolean[] = []
  return html.replace(/<span class="([^"]*)">|<\/span>/g, (tag, classes: string | undefined) => {
    if (classes === undefined) return kept.pop() ? tag : ''
    const short = classes
      .split(' ')
      .map((c) => shortClass.get(c))
      .find(Boolean)
    kept.push(!!short)
    return short ? `<span class="${short}">` : ''
  })
}

/** The languages a fenced code block may name. */
const codeLanguages = ['bash', 'sh', 'js', 'ts', 'json', 'http', 'python', 'php'] as const

// Read from the project root, not imported: this module also runs under Playwright's loader, which
// wants import attributes on JSON.
const catalog = (locale: Locale) => loadCatalog(locale)

// Resolved from the project root: this module is also bundled into the build's server code.
// GUIDES_DIR points the build at another set of articles (`npm run bench -- --guides 500`).
export const guidesRoot = process.env.GUIDES_DIR
  ? resolve(process.env.GUIDES_DIR)
  : join(process.cwd(), 'locales', 'guides')

class ContentError extends Error {
  constructor(file: string, reason: string) {
    super(`${relative(process.cwd(), file)}: ${reason}`)
    this.name = 'ContentError'
  }
}

/** What one parse collects besides the HTML: set before each parse (parsing is synchronous). */
let current: {
  locale: Locale
  file: string
  slug: string
  slugs: ReadonlySet<string>
  toc: TocEntry[]
  ids: Set<string>
  /** The request blocks so far: each one's tabs get ids of their own. */
  tabs: number
} = { locale: defaultLocale, file: '', slug: '', slugs: new Set(), toc: [], ids: new Set(), tabs: 0 }

/** `Verify the signature` -> `verify-the-signature`; Arabic letters stay (ids may be any text). */
function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/<[^>]+>/g, '')
      .replace(/&[a-z]+;|&#\d+;/g, '')
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .trim()
      .replace(/\s+/g, '-') || 'section'
  )
}

/** A highlighted code block with its copy button (renderer/client/codeCopy.ts drives it). */
function codeBlock(text: string, language: string): string {
  const html = styledSpans(hljs.highlight(text, { language, ignoreIllegals: true }).value)
  const m = catalog(current.locale)
  const [copy, label] = [m['guide.code.copy']!, m['guide.code.label']!.replace('{language}', language)].map(escapeHtml)
  // The button: its words once on the article's prose (pages/guide/article/+Page.tsx),
  // found by its class and its label by aria-live (renderer/client/codeCopy.ts); the page's
  // language, and its direction, which an Arabic page's button sets against the block's ltr.
  return (
    `<div class="code-block" dir="ltr">` +
    `<div class="code-bar"><span class="code-lang">${escapeHtml(language)}</span>` +
    `<button type="button" class="code-copy"${dirOf(current.locale) === 'rtl' ? ' dir="rtl"' : ''}>` +
    `<span class="i-lucide-copy size-4" aria-hidden="true"></span><span aria-live="polite">${copy}</span></button></div>` +
    // Scrolls sideways: in the tab order for the arrow keys (WCAG 2.1.1), a group named by its language.
    `<pre tabindex="0" role="group" aria-label="${label}"><code class="hljs language-${escapeHtml(language)}">${html}</code></pre></div>\n`
  )
}

/**
 * JSON, JavaScript and TypeScript samples parse, so a reader never pastes a broken one: a `json`
 * block is one JSON value, a `js` or `ts` block a module (top-level `await` allowed).
 */
function checkSyntax(text: string, language: string) {
  let reason = ''
  if (language === 'json') {
    try {
      JSON.parse(text)
    } catch (e) {
      reason = (e as Error).message
    }
  } else if (language === 'js' || language === 'ts') {
    try {
      transformSync(text, { loader: language, format: 'esm', logLevel: 'silent' })
    } catch (e) {
      const first = (e as { errors?: { text: string; location?: { line: number } }[] }).errors?.[0]
      reason = first ? `line ${first.location?.line ?? '?'} of the block: ${first.text}` : (e as Error).message
    }
  }
  if (reason) throw new ContentError(current.file, `a ${language} code block does not parse: ${reason}`)
}

/**
 * ```` ```request createPayment ```` : the document's example of that operation in four languages,
 * as tabs (renderer/client/codeTabs.ts remembers the reader's choice), each panel a code block.
 */
function requestTabs(operationId: string | undefined): string {
  const operation = referenceOperations().find((o) => o.operationId === operationId && !o.webhook)
  if (!operation)
    throw new ContentError(
      current.file,
      `the request block names ${operationId ? `"${operationId}", no operation` : 'no operation'} of ${relative(process.cwd(), referenceFile())}: write \`\`\`request <operationId>`,
    )
  const n = ++current.tabs
  const samples = samplesOf(requestOf(loadReference(), operation))
  const tabs = samples
    .map(
      (s, i) =>
        `<button type="button" role="tab" id="code-tab-${n}-${s.id}" aria-controls="code-panel-${n}-${s.id}" aria-selected="${i === 0}"${i ? ' tabindex="-1"' : ''} data-lang="${s.id}">${s.label}</button>`,
    )
    .join('')
  const panels = samples
    .map(
      (s, i) =>
        `<div role="tabpanel" id="code-panel-${n}-${s.id}" aria-labelledby="code-tab-${n}-${s.id}" data-lang="${s.id}"${i ? ' hidden' : ''}>${codeBlock(s.code, s.fence).trimEnd()}</div>`,
    )
    .join('')
  const label = escapeHtml(catalog(current.locale)['guide.code.tabs']!)
  return `<div class="code-tabs" dir="ltr"><div class="code-tablist" role="tablist" aria-label="${label}">${tabs}</div>${panels}</div>\n`
}

const marked = new Marked({
  gfm: true,
  renderer: {
    // Code reads left to right in both languages, highlighted now, with a copy button the runtime
    // drives (renderer/client/codeCopy.ts) in the page's language.
    code({ text, lang }) {
      const [language = '', ...rest] = (lang ?? '').trim().split(/\s+/)
      if (language === 'request') return requestTabs(rest[0])
      if (!language)
        throw new ContentError(
          current.file,
          `a code block has no language: write one of ${codeLanguages.join(', ')} after the opening fence`,
        )
      if (!hljs.getLanguage(language))
        throw new ContentError(
          current.file,
          `code block language "${language}" is not one of ${codeLanguages.join(', ')}`,
        )
      checkSyntax(text, language)
      return codeBlock(text, language)
    },
    // A callout: a quote whose first line is `[!NOTE]` or `[!WARNING]` (GitHub's alert syntax) is a
    // note in a tinted panel, titled in the article's language; any other quote stays a quote.
    blockquote({ tokens }) {
      const inner = this.parser.parse(tokens)
      const alert = /^<p>\[!(NOTE|WARNING)\]\s*/.exec(inner)
      if (!alert) return `<blockquote>\n${inner}</blockquote>\n`
      const kind = alert[1]!.toLowerCase() as 'note' | 'warning'
      const title = escapeHtml(catalog(current.locale)[`guide.callout.${kind}`]!)
      const icon = kind === 'note' ? 'i-lucide-info' : 'i-lucide-triangle-alert'
      return (
        `<div class="callout callout-${kind}" role="note">` +
        `<p class="callout-title"><span class="${icon} size-4" aria-hidden="true"></span>${title}</p>` +
        `<p>${inner.slice(alert[0].length)}</div>\n`
      )
    },
    // A checklist item: a box to tick on paper, not a form control nobody can submit.
    checkbox({ checked }) {
      return `<span class="task-box${checked ? ' task-done' : ''}" aria-hidden="true"></span> `
    },
    // A short code stays on one line (so «GET /v1/payouts/{id}» never breaks across
    // a right-to-left line); a long one (a URL), marked `wrap`, may still break where it must. The
    // short ones, most of them, carry no class (renderer/styles/guide.css: 16 B each, twice).
    // Its text escaped, as marked's own renderer does: a writer quoting
    // `<form>` or `a < b` shows it, never makes it markup.
    codespan({ text }) {
      return `<code dir="ltr"${text.length <= 32 ? '' : ' class="wrap"'}>${escapeHtml(text)}</code>`
    },
    heading({ tokens, depth }) {
      const inner = this.parser.parseInline(tokens)
      if (depth === 1)
        throw new ContentError(current.file, 'the body must not have a level-1 heading: the title is the page h1')
      if (depth !== 2 && depth !== 3) return `<h${depth}>${inner}</h${depth}>\n`
      let id = slugify(inner)
      for (let n = 2; current.ids.has(id); n++) id = `${slugify(inner)}-${n}`
      current.ids.add(id)
      current.toc.push({ id, depth, html: inner.replace(/<a\b[^>]*>|<\/a>/g, '') })
      return `<h${depth} id="${escapeHtml(id)}">${inner}</h${depth}>\n`
    },
  },
  walkTokens(token) {
    // Raw HTML: only the isolate a right-to-left line needs around a Latin run, `<bdi>…</bdi>`, with
    // no attribute; anything else (a script, a meta refresh, a frame) fails the build, named.
    if (token.type === 'html') {
      const other = [...token.text.matchAll(/<\/?[a-zA-Z!?][^>]*>?/g)]
        .map((m) => m[0])
        .find((tag) => !/^<\/?bdi>$/.test(tag))
      if (other)
        throw new ContentError(
          current.file,
          `raw HTML ${other.slice(0, 60)} is not allowed: a guide may use <bdi>…</bdi> only`,
        )
    }
    // A link or an image goes to another article (`.md`), a place on the page (`#…`), a path of the
    // site (`/…`), an `https:` address or an email (`mailto:`, as GFM links an address); any other
    // scheme (`javascript:`, `data:`, `http:`) fails.
    if (
      (token.type === 'link' || token.type === 'image') &&
      !/^(\.{0,2}\/[^/]|[\w.-]+\.md(#|$)|#|https:\/\/|mailto:)/.test(token.href)
    )
      throw new ContentError(
        current.file,
        `the ${token.type} ${token.href.slice(0, 60)} is not allowed: link an article (.md), a path of the site, an https: address or an email`,
      )
    // `../payments/refunds.md` in an article is the guide page of that file, resolved from the
    // article's own folder, in the article's language; a link to no article fails the build.
    if (token.type === 'link' && /^\.{0,2}\/?[\w/.-]+\.md(#.*)?$/.test(token.href)) {
      const [file, hash] = token.href.split('#')
      const target = slugOf(posix.join(posix.dirname(current.slug), file!))
      if (!current.slugs.has(target))
        throw new ContentError(current.file, `the link ${token.href} names no article (${target})`)
      token.href = `${localizePath(`/guide/${target}`, current.locale)}${hash ? `#${hash}` : ''}`
    }
  },
})

/** The riyal's sign as the pages show it (renderer/components/Money.tsx): an image of text named by the currency. */
function signHtml(locale: Locale): string {
  const { sign, name } = currencySigns.SAR!
  return `<span role="img" aria-label="${escapeHtml(catalog(locale)[name]!)}">${sign}</span>`
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

/** `payments/refunds.md` -> `payments/refunds`; `webhooks/index.md` -> `webhooks`. */
const slugOf = (file: string) => file.replace(/\.md$/, '').replace(/(^|\/)index$/, '')

/** Parses one guide file: `---` front matter with title, description and order, then Markdown. */
function parseGuide(
  file: string,
  name: string,
  slug: string,
  source: string,
  locale: Locale,
  slugs: ReadonlySet<string>,
): Guide {
  const index = /(^|\/)index\.md$/.test(name)
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
  if (meta.group) throw new ContentError(file, 'front matter "group": an article\'s section is its folder now')
  const group = slug.split('/')[0] as GuideGroup
  if (!slug.includes('/') && !index)
    throw new ContentError(file, `an article belongs in a section's folder: one of ${guideGroups.join(', ')}`)
  if (!guideGroups.includes(group))
    throw new ContentError(file, `the folder "${group}" is not a section: one of ${guideGroups.join(', ')}`)
  const order = Number(meta.order)
  if (!Number.isInteger(order)) throw new ContentError(file, `front matter "order" is not an integer: ${meta.order}`)
  if (!match[2]!.trim()) throw new ContentError(file, 'the article has no body')
  let body: string
  try {
    body = fillFacts(match[2]!, locale)
  } catch (e) {
    throw new ContentError(file, (e as Error).message)
  }
  current = {
    locale,
    file,
    slug: index ? `${slug}/index` : slug,
    slugs,
    toc: [],
    ids: new Set(),
    tabs: 0,
  }
  // Wide tables scroll inside their own box instead of widening the page on a phone: a region in
  // the tab order, so a keyboard can scroll it (WCAG 2.1.1), named by the heading above it and its
  // own column headers (two tables under one heading get two names). `_` never occurs in a heading's id.
  let heading = ''
  let tables = 0
  const html = (marked.parse(body, { async: false }) as string)
    .replace(/<h[23] id="([^"]+)"|<table>\n<thead>/g, (match, id?: string) => {
      if (id) {
        heading = id
        return match
      }
      const head = `table_${++tables}`
      return `<div class="table-scroll" tabindex="0" role="region" aria-labelledby="${heading ? `${heading} ` : ''}${head}"><table>\n<thead id="${head}">`
    })
    .replace(/<\/table>/g, '</table></div>')
    // An amount in riyals written as "SAR 75.00" shows the riyal's own sign, named, as the pages
    // show it (docs/content.md, "Sample numbers and money"); `SAR` in code stays the API's value.
    // Arabic prose writes the sign itself after the figure, where Intl puts the symbol («75.00 ⃁»):
    // named the same way, joined to its figure. A short name («3-D Secure», and in Arabic prose any
    // short Latin name) never breaks across lines (locales/keepTogether.ts). Tags, code and
    // preformatted text are kept as they are.
    .replace(
      /(<pre[\s\S]*?<\/pre>|<code[\s\S]*?<\/code>|<[^>]+>)|\bSAR[ \u00A0](\d[\d,]*(?:\.\d+)?)\b|(?:(\d[\d,]*(?:\.\d+)?)[ \u00A0])?\u20C1/g,
      (_match, kept?: string, riyals?: string, figure?: string) =>
        kept ??
        (riyals !== undefined
          ? `${signHtml(locale)}\u00A0${riyals}`
          : `${figure !== undefined ? `${figure}\u00A0` : ''}${signHtml(locale)}`),
    )
    .replace(
      /(<pre[\s\S]*?<\/pre>|<code[\s\S]*?<\/code>|<[^>]+>)|[^<]+/g,
      (text, kept?: string) => kept ?? keepNamesTogether(text, locale),
    )
  return { slug, title: meta.title!, description: meta.description!, order, group, html, toc: current.toc }
}

/**
 * Every guide of every locale, sorted by `order`. Fails with the file and the reason when a file is
 * malformed or a slug exists in one language and not the other.
 */
export function loadGuides(root = guidesRoot): Record<Locale, Guide[]> {
  let guides = loaded.get(root)
  if (!guides) {
    guides = readGuides(root)
    loaded.set(root, guides)
  }
  return guides
}
// The build asks for the guides from several places (routes, data, the slug list): read them once.
const loaded = new Map<string, Record<Locale, Guide[]>>()

function readGuides(root: string): Record<Locale, Guide[]> {
  const result = {} as Record<Locale, Guide[]>
  const slugSets: Record<string, Set<string>> = {}
  /** Each locale's files by slug, folder-relative: the file an article's other language is missing. */
  const fileOf: Record<string, Map<string, string>> = {}
  // Each article's fact placeholders, sorted: the languages of an article state the same facts.
  const facts = new Map<string, { locale: Locale; list: string }>()
  for (const locale of localeCodes) {
    const dir = join(root, locale)
    const written = listMarkdown(dir)
    if (!written.length) throw new ContentError(dir, 'no guide articles found')
    // The API reference's pages, written from the OpenAPI document, beside the site's own articles
    // (another set of articles, as a test's, has none).
    const generated = root === guidesRoot ? referenceSources(locale) : new Map<string, string>()
    const files = [...written, ...generated.keys()]
    const pathOf = (f: string) => (generated.has(f) ? referenceFile() : join(dir, f))
    const bySlug = new Map<string, string>()
    const slugs = new Set(files.map(slugOf))
    result[locale] = files
      .map((f) => {
        const slug = slugOf(f)
        const other = bySlug.get(slug)
        if (other !== undefined)
          throw new ContentError(
            join(dir, f),
            `duplicate slug "${slug}": ${relative(process.cwd(), join(dir, other))} has it too`,
          )
        bySlug.set(slug, f)
        const source = generated.get(f) ?? readFileSync(join(dir, f), 'utf8')
        const list =
          [...source.matchAll(/\{\{\s*([\w-]+)\s*\}\}/g)]
            .map((m) => m[1])
            .sort()
            .join(', ') || 'none'
        const first = facts.get(slug)
        if (!first) facts.set(slug, { locale, list })
        else if (first.list !== list)
          throw new ContentError(
            pathOf(f),
            `its fact placeholders (${list}) differ from the ${first.locale} article's (${first.list})`,
          )
        const guide = parseGuide(pathOf(f), f, slug, source, locale, slugs)
        return generated.has(f) && isOperationFile(f) ? { ...guide, operation: true as const } : guide
      })
      .sort(
        (a, b) =>
          guideGroups.indexOf(a.group) - guideGroups.indexOf(b.group) ||
          a.order - b.order ||
          a.slug.localeCompare(b.slug),
      )
    slugSets[locale] = new Set(result[locale].map((g) => g.slug))
    fileOf[locale] = bySlug
  }
  const [first, ...rest] = localeCodes
  for (const locale of rest) {
    for (const slug of slugSets[first!]!) {
      if (!slugSets[locale]!.has(slug))
        throw new ContentError(
          join(root, locale, fileOf[first!]!.get(slug)!),
          `missing: the ${first} guide "${slug}" has no ${locale} version`,
        )
    }
    for (const slug of slugSets[locale]!) {
      if (!slugSets[first!]!.has(slug))
        throw new ContentError(join(root, locale, fileOf[locale]!.get(slug)!), `no ${first} version of this guide`)
    }
  }
  return result
}

export function guideSlugs(root = guidesRoot): string[] {
  return loadGuides(root)[localeCodes[0]!].map((g) => g.slug)
}
