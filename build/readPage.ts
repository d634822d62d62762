// What the post-build needs of each prerendered page, read off it once (build/html.ts `parseBuiltHtml`):
// its payload and its place in its language's shell, its scripts, the hashes of its inline scripts
// and styles, the characters it shows, and the edit of its <head> that waits for the stylesheet.
// build/postbuildWorker.ts does this on the build's second core while Vike renders the next pages
// (`pageReader`), writing each `_payload.json` as it goes; build/postbuild.ts finishes the pages.
import { posix } from 'node:path'
import { isLocale, type Locale, scriptOf } from '../locales/locales'
import { BOOT_SCRIPT_ID } from '../renderer/bootScript'
import { isNotFoundFile } from '../renderer/shared/paths'
import type { PageShell } from '../renderer/shared/shell'
import { currencySigns } from '../api/contract/currencySign'
import { shownText, type SiteCss } from './css'
import { inlineHashes } from './headers'
import {
  applySplices,
  attr,
  element,
  type Element,
  elements,
  hasToken,
  type HtmlDocument,
  is,
  isWhitespace,
  type Node,
  outerSource,
  parseBuiltHtml,
  rangeOf,
  type Splice,
  startTag,
} from './html'
import { mergeShells, payloadOf, shellMaker } from './payloads'
import { fileWriter, type WrittenFiles } from './outDir'
import { buildThread } from './thread'

/** The edit of a page's <head> (see `headSplices`): made once the stylesheet and fonts are known. */
interface HeadEdit {
  locale: Locale
  /** What goes: the boot script, the charset, Vike's stylesheets and font preloads. */
  removals: Splice[]
  /** Where the new start of <head> goes: right after `<head>`. */
  at: number
  charset: string | null
  /** Only `/` and the 404 documents carry it (renderer/bootScript.ts `needsBootScript`). */
  boot: string | null
  /** It shows a currency's own sign (`showsSign`): it preloads the sign's faces. */
  sign: boolean
}

export interface ReadPage {
  /** Its key under dist/: `ar/pricing/index.html`. */
  file: string
  source: string
  head: HeadEdit
  /** The scripts it loads (`<script src>`), as keys of dist/. */
  scripts: string[]
  /** The hashes of its inline scripts and style attributes, for the CSP. */
  hashes: { scripts: string[]; styles: string[] }
  /** The distinct characters it shows, for the font subsets. */
  chars: string
}

/** A splice that deletes a node's source. */
const removal = (node: Node): Splice => ({ ...rangeOf(node), text: '' })

/**
 * The white space that indents the document's own tags (Vike's template): the text nodes of <html>,
 * <head> and <body> that are only white space in the source too, and what the parser drops (before
 * <html>, before <head>, around `</body></html>`: there, the parser puts it into the body's last
 * text node, whose range then spans the end tag).
 */
function indentation(page: HtmlDocument, html: Element, head: Element, body: Element): Splice[] {
  const blank = ({ start, end }: Splice) => /^[\t\n\f\r ]*$/.test(page.source.slice(start, end))
  const gap = (start = 0, end = 0): Splice => ({ start, end, text: '' })
  const doctype = page.document.childNodes.find((n) => n.nodeName === '#documentType')
  const last = body.childNodes.findLast((n) => !isWhitespace(n))
  const tail = last && rangeOf(last).end
  const splices = [
    ...[html, head, body].flatMap((el) => el.childNodes.filter(isWhitespace)).map(removal),
    gap(doctype?.sourceCodeLocation?.endOffset, html.sourceCodeLocation?.startOffset),
    gap(html.sourceCodeLocation?.startTag?.endOffset, head.sourceCodeLocation?.startOffset),
  ].filter((s) => s.start < s.end && blank(s))
  const end = tail === undefined ? '' : page.source.slice(tail)
  if (/^\s*<\/body>\s*<\/html>\s*$/.test(end))
    splices.push({ start: tail!, end: page.source.length, text: '</body></html>' })
  return splices
}

function headEdit(page: HtmlDocument, file: string): HeadEdit {
  const fail = (what: string): never => {
    throw new Error(`${file}: ${what}`)
  }
  const { document } = page
  const html = element(document, is('html')) ?? fail('no <html>')
  const head = element(html, is('head')) ?? fail('no <head>')
  const headStart = head.sourceCodeLocation?.startTag ?? fail('no <head> start tag')
  const lang = attr(html, 'lang')
  const locale = isLocale(lang) ? lang : fail(`<html lang="${lang}"> is not a locale`)
  const boot = element(head, is('script', { id: BOOT_SCRIPT_ID }))
  const charset = element(head, (el) => el.tagName === 'meta' && attr(el, 'charset') !== undefined)
  const body = element(html, is('body')) ?? fail('no <body>')
  const removals = indentation(page, html, head, body)
  if (boot) removals.push(removal(boot))
  if (charset) removals.push(removal(charset))
  for (const link of elements(document, is('link')))
    if (hasToken(link, 'rel', 'stylesheet') || (hasToken(link, 'rel', 'preload') && attr(link, 'as') === 'font'))
      removals.push(removal(link))
  return {
    locale,
    removals,
    at: headStart.endOffset,
    charset: charset ? outerSource(page, charset) : null,
    boot: boot ? outerSource(page, boot) : null,
    sign: showsSign(page.source),
  }
}

/**
 * Whether a page shows an amount in a currency with its own sign (api/contract/currencySign.ts, the
 * riyal's) as it loads, and so preloads the sign's faces: the sign in its HTML (the pricing pages,
 * the design page's preview, the checkout's empty cart with its plans' prices, the guides that give an
 * amount in riyals). No other page names them.
 * They are in the one stylesheet, but a browser fetches a face only for a character in its
 * unicode-range: the checkout's cart, drawn once its island runs from what the visitor stored,
 * fetches them then, for a cart in riyals only (`font-display: block`: the sign waits for them).
 */
export function showsSign(source: string): boolean {
  return Object.values(currencySigns).some(({ sign }) => source.includes(sign))
}

/**
 * The head a page starts with: charset, the locale boot script where there is one (it must run
 * before anything, so that a redirect costs nothing; a script after a pending stylesheet would wait
 * for it), the one stylesheet, and preloads of the faces its own text uses (regular and bold:
 * headings are bold), those of its locale's script (locales/locales.ts), so that they are there for
 * the first paint. Vike's stylesheets and font preloads go.
 */
export function headSplices(edit: HeadEdit, css: SiteCss): Splice[] {
  const preloads = [
    ...css.fonts.filter((f) => f.script === scriptOf(edit.locale)).map((f) => f.href),
    ...(edit.sign ? css.signFonts : []),
  ].map((href) => startTag('link', { rel: 'preload', href, as: 'font', type: 'font/woff2', crossorigin: '' }))
  const start = [
    edit.charset ?? '<meta charset="UTF-8" />',
    edit.boot ?? '',
    startTag('link', { rel: 'stylesheet', href: css.href }),
    ...preloads,
  ].join('')
  return [...edit.removals, { start: edit.at, end: edit.at, text: start }]
}

/**
 * Reads a prerendered page; for a page (not a 404 document) also its payload, which it adds to the
 * shells (throwing if the shell could not rebuild the page). The payload is read off the page as
 * parsed: the head edits touch only what stays in <head> on every page, never a page head tag, the
 * title or #root (`npm run verify` compares the payload with the served page).
 */
function readPage(file: string, prerendered: string, buildId: string, shells: ReturnType<typeof shellMaker>) {
  const source = plainQuotes(structuredDataInHead(prerendered))
  const page = parseBuiltHtml(source)
  const scripts: string[] = []
  for (const script of elements(page.document, is('script'))) {
    const src = attr(script, 'src')
    if (src?.startsWith('/')) scripts.push(src.slice(1))
  }
  const read: ReadPage = {
    file,
    source,
    head: headEdit(page, file),
    scripts,
    hashes: inlineHashes([page]),
    chars: [...new Set(shownText(source))].join(''),
  }
  if (isNotFoundFile(file)) return { read }
  const payload = payloadOf(page, file, buildId)
  shells.add({ file, page, payload })
  return { read, payload }
}

const structuredData = /<script type="application\/ld\+json">[\s\S]*?<\/script>/g

/**
 * The page with its structured data (JSON-LD: the FAQ, the organization) at the end of its <head>,
 * where the components placed it in the body: it is for crawlers, which read the HTML, so it stays
 * in every page's HTML but out of `#root`, and so out of the payload, which a navigation, never a
 * crawler, reads (3 KB a page, twice).
 */
function structuredDataInHead(source: string): string {
  const bodyAt = source.indexOf('<body')
  if (bodyAt < 0) return source
  const scripts = source.slice(bodyAt).match(structuredData)
  if (!scripts) return source
  const body = source.slice(bodyAt).replace(structuredData, '')
  const head = source.slice(0, bodyAt)
  const end = head.lastIndexOf('</head>')
  if (end < 0) return source
  return `${head.slice(0, end)}${scripts.join('')}${head.slice(end)}${body}`
}

/** A start or end tag (its attributes quoted, as React and marked write them), a comment, a doctype; or a script or style element whole. */
const markupOrQuote = /<(script|style)\b[\s\S]*?<\/\1>|<[a-zA-Z/!](?:"[^"]*"|[^">])*>|&quot;|&#x27;/g

/** An attribute in double quotes whose value holds `&quot;` and no `'` (JSON, such as the guide search's texts). */
const quotedJson = /(\s[^\s"'=<>/]+=)"([^"']*&quot;[^"']*)"/g

/**
 * The page with the quotes of its text written as themselves: React and the highlighter escape `"`
 * and `'` in text as in attributes (`&quot;`, `&#x27;`), where text needs neither; the same text,
 * 5 B less each, and 4 B less again in the payload, where `\"` stands for it (600 B a page
 * on average, the guides' code most of it). An attribute whose value holds `"` and no `'` is written
 * in single quotes, its `"` as themselves (the same value). Scripts and styles stay as they are.
 */
export function plainQuotes(source: string): string {
  return source.replace(markupOrQuote, (m) =>
    m === '&quot;'
      ? '"'
      : m === '&#x27;'
        ? "'"
        : m[0] === '<' && m.includes('&quot;') && !/^<(script|style)\b/.test(m)
          ? m.replace(quotedJson, (_, name: string, value: string) => `${name}'${value.replaceAll('&quot;', '"')}'`)
          : m,
  )
}

/** What the reader hands back once Vike is done. */
interface ReadPages {
  pages: ReadPage[]
  shells: PageShell[]
  /** build/css.ts `utilityCss()`, made while Vite built. */
  utilities: string
  /** The payloads each thread wrote (build/outDir.ts). */
  files: WrittenFiles[]
}

/**
 * The pages as the reader hands them over: `source` is there for the 404 documents only, which the
 * post-build finishes itself (`localize404`); the threads that read the others write them
 * (`writePages`), so their sources never cross between threads.
 */
export interface ReadBack extends ReadPages {
  /**
   * Writes the pages but the 404 documents into `to` with the stylesheet's head (`headSplices`),
   * each by the thread that read it, over the last build's files (the reader's `old`: build/outDir.ts).
   */
  writePages(css: SiteCss, to: string): Promise<WrittenFiles[]>
}

export type ReaderMessage =
  | { type: 'page'; file: string; html: string }
  | { type: 'done' }
  | { type: 'write'; css: SiteCss; to: string }
export type ReaderReply =
  | ({ type: 'done' } & ReadPages)
  | { type: 'written'; files: WrittenFiles }
  | { type: 'error'; message: string }

/**
 * Reads pages in one thread: their payloads written under `from`, in the last build's files where
 * there are (`old`: build/outDir.ts), their shells made.
 */
export function reading(buildId: string, from: string, old: string | null) {
  const shells = shellMaker()
  const files = fileWriter(from, old)
  const pages: ReadPage[] = []
  return {
    read(file: string, html: string) {
      const { read, payload } = readPage(file, html, buildId, shells)
      pages.push(read)
      if (payload) files.write(payloadFile(file), JSON.stringify(payload))
    },
    /** What the post-build needs of the pages read here: the sources of the 404 documents only. */
    finish() {
      const handed = pages.map((page) => (isNotFoundFile(page.file) ? page : { ...page, source: '' }))
      return { pages: handed, shells: shells.done(), files: files.done() }
    },
    /** Writes the pages read here but the 404 documents, with the stylesheet's head, into `to`. */
    write(css: SiteCss, to: string): WrittenFiles {
      const out = fileWriter(to, old)
      for (const page of pages)
        if (!isNotFoundFile(page.file)) out.write(page.file, applySplices(page.source, headSplices(page.head, css)))
      return out.done()
    },
  }
}

/**
 * Reads the pages in build/postbuildWorker.ts, started now (it makes the utility CSS first, or reads
 * it from its cache under `cssKey`: build/css.ts `utilityCss`), and
 * writes each page's `_payload.json` under `from` (Vike's client output, which becomes dist/).
 * Every page goes to the worker as Vike renders it; both threads take pages from one shared count
 * (`claimed`), the worker while Vike renders, this thread too once Vike is done.
 */
export function pageReader(buildId: string, from: string, old: string | null, cssKey?: string) {
  const claimed = new Int32Array(new SharedArrayBuffer(4))
  const worker = buildThread('postbuildWorker', { buildId, from, old, cssKey, claimed: claimed.buffer })
  const replies: { resolve: (reply: ReaderReply) => void; reject: (err: Error) => void }[] = []
  /** The worker's next reply (`done`, then `written`); an error or its end rejects every one awaited. */
  const reply = <T extends ReaderReply['type']>(type: T) =>
    new Promise<Extract<ReaderReply, { type: T }>>((resolve, reject) =>
      replies.push({ resolve: resolve as (reply: ReaderReply) => void, reject }),
    ).then((r) => {
      if (r.type !== type) throw new Error(`the post-build worker answered ${r.type}, not ${type}`)
      return r
    })
  let failure: Error | undefined
  const fail = (err: Error) => {
    failure ??= err
    for (const waiting of replies.splice(0)) waiting.reject(failure)
  }
  worker.on('message', (r: ReaderReply) =>
    r.type === 'error' ? fail(new Error(r.message)) : replies.shift()?.resolve(r),
  )
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`the post-build worker stopped (exit code ${code})`)))
  const read = reply('done')
  read.catch(() => {}) // awaited in done(); a failure during the prerender waits for it
  const queue: { file: string; html: string }[] = []
  return {
    page(file: string, html: string) {
      queue.push({ file, html })
      worker.postMessage({ type: 'page', file, html } satisfies ReaderMessage)
    },
    async done(): Promise<ReadBack> {
      const mine = reading(buildId, from, old)
      try {
        for (let i = Atomics.add(claimed, 0, 1); i < queue.length; i = Atomics.add(claimed, 0, 1))
          mine.read(queue[i]!.file, queue[i]!.html)
        queue.length = 0
        worker.postMessage({ type: 'done' } satisfies ReaderMessage)
        const [theirs, ours] = [await read, mine.finish()]
        return {
          pages: [...theirs.pages, ...ours.pages],
          shells: mergeShells(theirs.shells, ours.shells),
          utilities: theirs.utilities,
          files: [...theirs.files, ours.files],
          async writePages(css, to) {
            try {
              if (failure) throw failure
              const written = reply('written')
              worker.postMessage({ type: 'write', css, to } satisfies ReaderMessage)
              const here = mine.write(css, to)
              return [(await written).files, here]
            } finally {
              await worker.terminate()
            }
          },
        }
      } catch (err) {
        await worker.terminate()
        throw err
      }
    },
  }
}

/** `ar/pricing/index.html` -> `ar/pricing/_payload.json`. */
const payloadFile = (file: string) => posix.join(posix.dirname(file), '_payload.json')
