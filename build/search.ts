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
import type { Guide } from './guides'
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
  return guides.map((g) => ({
    u: g.slug,
    t: g.title,
    g: catalog[`guide.group.${g.group}`] ?? g.group,
    d: g.description,
    h: g.toc.map((t) => decodeHtmlText(t.html)).join('\n'),
    b: proseOf(g.html),
  }))
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

/** Writes each language's indexes. */
export function writeSearchIndexes(dist: string, guides: Record<Locale, Guide[]>, catalogs: Record<Locale, Catalog>) {
  mkdirSync(join(dist, 'search'), { recursive: true })
  for (const locale of localeCodes) {
    const { head, shards } = buildSearchIndexes(searchDocs(guides[locale], catalogs[locale]))
    writeFileSync(join(dist, searchIndexPath(locale).slice(1)), head)
    for (const [n, json] of shards.entries()) writeFileSync(join(dist, searchIndexPath(locale, n).slice(1)), json)
  }
}

/**
 * `writeSearchIndexes` for the guides and catalogs as the project has them, in a thread of its own
 * (build/searchWorker.ts): at 4,000 guide pages, reading the guides again and building the indexes
 * was a second of the post-build's own thread.
 */
export function searchIndexesInThread(dist: string): Promise<void> {
  const worker = buildThread('searchWorker', { dist })
  return new Promise((resolve, reject) => {
    let answered = false
    worker.on('message', (reply: { done: true } | { error: string }) => {
      answered = true
      if ('error' in reply) reject(new Error(reply.error))
      else resolve()
    })
    worker.on('error', reject)
    worker.on('exit', (code) => {
      if (!answered) reject(new Error(`the search index thread stopped (exit code ${code})`))
    })
  })
}
