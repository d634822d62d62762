// dist/search/: the guide search's indexes of each language (renderer/search/files.ts), built
// from the guides as the build read them (build/guides.ts), with the terms
// renderer/search/text.ts makes of every word (docs/search.md).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import MiniSearch from 'minisearch'
import type { Catalog } from '../locales/catalogs'
import { type Locale, localeCodes } from '../locales/locales'
import type { Indexes } from '../renderer/search/query'
import {
  bodyIndexOptions,
  headIndexOptions,
  type SearchDoc,
  type SearchHead,
  searchIndexPath,
  shardOf,
} from '../renderer/search/files'
import { termsOf, words } from '../renderer/search/text'
import { type Guide, groupMessage } from './guides'
import { decodeHtmlText } from './html'
import { buildThread } from './thread'

/**
 * About this many bytes of JSON per prose shard: a query fetches one or two (gzip takes them to
 * about a quarter). Estimated from the terms before the shards are written.
 */
const SHARD_BYTES = 64 * 1024

/** A guide's HTML as text: its prose, without code blocks (their copy buttons and code). */
export function proseOf(html: string): string {
  return decodeHtmlText(
    html
      .replace(/<div class="code-block"[\s\S]*?<\/pre><\/div>/g, ' ')
      .replace(/<\/(p|li|h[1-6]|td|th|dd|dt|blockquote)>/g, '$&\n'),
  )
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim()
}

export function searchDocs(guides: readonly Guide[], catalog: Catalog): SearchDoc[] {
  return guides.map((g) => {
    const headings = g.toc.map((t) => decodeHtmlText(t.html)).join('\n')
    // An operation's page of the API reference is in the first chunk by its title (sixty-odd of
    // them per language would double it); its description and headings are searched with its prose.
    return g.operation
      ? {
          u: g.slug,
          t: g.title,
          g: catalog[groupMessage(g.group)] ?? g.group,
          d: '',
          h: '',
          b: `${g.description}\n${headings}\n${proseOf(g.html)}`,
        }
      : {
          u: g.slug,
          t: g.title,
          g: catalog[groupMessage(g.group)] ?? g.group,
          d: g.description,
          h: headings,
          b: proseOf(g.html),
        }
  })
}

/**
 * The prefixes of the prose shards, in shards of about SHARD_BYTES of JSON (estimated from the
 * terms: each term once, each guide it is in a few bytes). A term's prefix is its first letter;
 * a letter whose terms alone outweigh a shard is split by its terms' first two letters, and so on.
 */
function shardPrefixes(terms: readonly string[][]): string[][] {
  const docs = new Map<string, number>()
  for (const list of terms) for (const term of new Set(list)) docs.set(term, (docs.get(term) ?? 0) + 1)
  const weightOf = (term: string) => Buffer.byteLength(term) + 12 + 8 * docs.get(term)!
  // prefix -> the terms whose longest prefix it is
  const buckets = new Map<string, string[]>()
  const add = (prefix: string, term: string) => {
    const list = buckets.get(prefix)
    if (list) list.push(term)
    else buckets.set(prefix, [term])
  }
  for (const term of docs.keys()) add(term[0]!, term)
  const weight = (list: string[]) => list.reduce((sum, t) => sum + weightOf(t), 0)
  for (let depth = 1; depth < 4; depth++) {
    for (const [prefix, list] of [...buckets]) {
      if (prefix.length !== depth || weight(list) <= SHARD_BYTES) continue
      buckets.set(
        prefix,
        list.filter((t) => t.length === depth),
      )
      for (const term of list) {
        if (term.length === depth) continue
        add(term.slice(0, depth + 1), term)
      }
    }
  }
  const groups: string[][] = []
  let size = 0
  for (const prefix of [...buckets.keys()].sort()) {
    const w = weight(buckets.get(prefix)!)
    if (!groups.length || (size + w > SHARD_BYTES && size > 0)) {
      groups.push([])
      size = 0
    }
    groups[groups.length - 1]!.push(prefix)
    size += w
  }
  return groups
}

/** The first chunk's JSON and each prose shard's. */
export function buildSearchIndexes(docs: readonly SearchDoc[]): { head: string; shards: string[] } {
  // Each guide's prose as its terms, once: every shard reads the same list and keeps its prefixes'.
  const terms = docs.map((d) => words(d.b).flatMap(termsOf))
  const groups = shardPrefixes(terms)
  // Each guide's terms by shard (a term's shard is its longest prefix's), in one pass. A shard's
  // field length is then its own terms' count: BM25 compares a guide with the others in the shard.
  const shardOfTerm = new Map<string, number>()
  const byShard = groups.map(() => docs.map((): string[] => []))
  terms.forEach((list, i) => {
    for (const term of list) {
      let n = shardOfTerm.get(term)
      if (n === undefined) {
        n = shardOf(groups, term)
        shardOfTerm.set(term, n)
      }
      byShard[n]![i]!.push(term)
    }
  })
  const shards = byShard.map((lists) => {
    const index = new MiniSearch<{ u: string; b: string[] }>({
      idField: 'u',
      fields: ['b'],
      // The terms are made already.
      extractField: (doc, field) => doc[field as 'u' | 'b'] as never,
      stringifyField: (list) => list as never,
      tokenize: (list) => list as unknown as string[],
      processTerm: (term) => term,
    })
    index.addAll(docs.map((d, i) => ({ u: d.u, b: lists[i]! })))
    return JSON.stringify(index)
  })
  const head = new MiniSearch<SearchDoc>(headIndexOptions)
  head.addAll(docs)
  return { head: JSON.stringify({ v: 1, index: head.toJSON(), shards: groups } satisfies SearchHead), shards }
}

/** The indexes as the browser loads them from the JSON (for the tests and the benchmark), every shard in. */
export function loadSearchIndexes(json: { head: string; shards: string[] }): Indexes {
  const head = JSON.parse(json.head) as SearchHead
  return {
    head: MiniSearch.loadJS<SearchDoc>(head.index, headIndexOptions),
    shards: head.shards,
    body: new Map(json.shards.map((s, n) => [n, MiniSearch.loadJSON<SearchDoc>(s, bodyIndexOptions)])),
  }
}

/** Each language's indexes: the files of dist/search/, by their key under dist/ (`search/en.json`). */
export function searchIndexFiles(guides: Record<Locale, Guide[]>, catalogs: Record<Locale, Catalog>): SearchFile[] {
  return localeCodes.flatMap((locale) => {
    const { head, shards } = buildSearchIndexes(searchDocs(guides[locale], catalogs[locale]))
    return [
      { file: searchIndexPath(locale).slice(1), json: head },
      ...shards.map((json, n) => ({ file: searchIndexPath(locale, n).slice(1), json })),
    ]
  })
}

export interface SearchFile {
  /** Its key under dist/. */
  file: string
  json: string
}

/** Writes the files of `searchIndexFiles` into dist/. */
export function writeSearchIndexes(dist: string, files: readonly SearchFile[]) {
  mkdirSync(join(dist, 'search'), { recursive: true })
  for (const { file, json } of files) writeFileSync(join(dist, file), json)
}

/**
 * The build's thread for its sources (build/searchWorker.ts), started with the build (build/index.ts)
 * and run while Vike starts and renders:
 * - `checked`: the checks of the catalogs and the guides (build/verifyCatalogs.ts `buildStoppers`):
 *   what stops the build, or null. They had been 0.4 s of the main thread's start at 4,000 guide pages.
 * - `search`: `searchIndexFiles` for the guides and catalogs as the project has them. They need only
 *   those; at 4,000 guide pages, reading the guides again and building the indexes had been a second
 *   of the post-build, then 2.8 s of a thread of its own started after the prerender.
 */
export function sourcesThread(): { checked: Promise<string | null>; search: Promise<SearchFile[]> } {
  const worker = buildThread('searchWorker', {})
  let check: (stoppers: string | null) => void = () => {}
  let files: (files: SearchFile[]) => void = () => {}
  let fail: (err: Error) => void = () => {}
  const checked = new Promise<string | null>((resolve, reject) => {
    check = resolve
    fail = reject
  })
  const search = new Promise<SearchFile[]>((resolve, reject) => {
    files = resolve
    const failChecks = fail
    fail = (err) => {
      failChecks(err)
      reject(err)
    }
  })
  worker.on('message', (reply: SearchReply) => {
    if ('checked' in reply) {
      check(reply.checked)
      if (reply.checked) fail(new Error(reply.checked))
    } else if ('files' in reply) files(reply.files)
    else fail(new Error(reply.error))
  })
  worker.on('error', (err) => fail(err))
  // After `files` or a failure, settling again changes nothing.
  worker.on('exit', (code) => fail(new Error(`the search index thread stopped (exit code ${code})`)))
  return { checked, search }
}

export type SearchReply = { checked: string | null } | { files: SearchFile[] } | { error: string }
