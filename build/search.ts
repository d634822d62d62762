// dist/search/: the guide search's indexes of each language (renderer/shared/searchIndex.ts), built
// from the guides as the build read them (build/guides.ts), with the terms
// renderer/shared/searchText.ts makes of every word (docs/search.md).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import MiniSearch from 'minisearch'
import type { Catalog } from '../locales/catalogs'
import { type Locale, localeCodes } from '../locales/locales'
import type { Indexes } from '../renderer/shared/searchQuery'
import {
  bodyIndexOptions,
  headIndexOptions,
  type SearchDoc,
  type SearchHead,
  searchIndexPath,
} from '../renderer/shared/searchIndex'
import { termsOf, words } from '../renderer/shared/searchText'
import type { Guide } from './guides'
import { decodeHtmlText } from './html'

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

/** The first chunk's JSON and each prose shard's. */
export function buildSearchIndexes(docs: readonly SearchDoc[]): { head: string; shards: string[] } {
  // Each guide's prose as its terms, once: every shard reads the same list and keeps its letters'.
  const terms = docs.map((d) => words(d.b).flatMap(termsOf))
  // A shard's size grows with its terms and with the guides each term is in: group the letters, in
  // order, into shards of about SHARD_BYTES.
  const weight = new Map<string, number>()
  const seen = new Set<string>()
  for (const list of terms) {
    for (const term of new Set(list)) {
      const letter = term[0]!
      weight.set(letter, (weight.get(letter) ?? 0) + 8 + (seen.has(term) ? 0 : term.length + 12))
      seen.add(term)
    }
  }
  const groups: string[] = []
  let size = 0
  for (const letter of [...weight.keys()].sort()) {
    const w = weight.get(letter)!
    if (!groups.length || size + w > SHARD_BYTES) {
      groups.push('')
      size = 0
    }
    groups[groups.length - 1] += letter
    size += w
  }
  const shards = groups.map((letters) => {
    const index = new MiniSearch<{ u: string; b: string[] }>({
      idField: 'u',
      fields: ['b'],
      // The terms are made already; a shard keeps those of its letters.
      extractField: (doc, field) => doc[field as 'u' | 'b'] as never,
      tokenize: (list) => list as unknown as string[],
      stringifyField: (list) => list as never,
      processTerm: (term) => (letters.includes(term[0]!) ? term : null),
    })
    index.addAll(docs.map((d, i) => ({ u: d.u, b: terms[i]! })))
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
    shards.forEach((json, n) => writeFileSync(join(dist, searchIndexPath(locale, n).slice(1)), json))
  }
}
