// A query against the guide search's indexes (renderer/search/files.ts), the same in the
// browser (renderer/client/guideSearch.ts), the tests and the benchmark. Each word of the query
// matches through any of the terms it may read as (renderer/search/text.ts); the last word
// as a prefix, since it is being typed; a word of 4 letters or more with a typo or two (MiniSearch's
// fuzzy match, 0.2 of its length). A guide must match every word (any, when that finds nothing and
// there are two words or more). The first chunk's fields weigh more than the prose, a title most.
import type MiniSearch from 'minisearch'
import type { SearchResult } from 'minisearch'
import { type SearchDoc, shardOf, shardsUnder } from './files'
import { termsOf, words } from './text'

export interface Indexes {
  head: MiniSearch<SearchDoc>
  /** The prose shards' prefixes (SearchHead `shards`). */
  shards: readonly (readonly string[])[]
  /** The prose shards loaded so far, by number. */
  body: ReadonlyMap<number, MiniSearch<SearchDoc>>
}

export interface Hit {
  /** The guide's slug. */
  id: string
  score: number
  /** The index terms that matched, to mark in the text shown. */
  terms: Set<string>
  stored: Pick<SearchDoc, 't' | 'g' | 'd' | 'h'>
}

const BOOST = { t: 4, h: 2, g: 1.5, d: 1.5 }
const PROSE = 0.5
/**
 * A page of the API reference (`reference/...`) weighs this much of a guide that matches as well:
 * a word asked is first the guide that explains it; the reference, where every field is, follows.
 */
const REFERENCE = 0.5
const weightOfPage = (id: string) => (id === 'reference' || id.startsWith('reference/') ? REFERENCE : 1)
/** The terms are made already (`termsOf`): MiniSearch takes them as they are. */
const asIs = { tokenize: (s: string) => [s], processTerm: (s: string) => s }

/** Each word of the query as a MiniSearch query: any of its terms. */
function queryOf(text: string) {
  const list = words(text)
    .map((word) => termsOf(word))
    .filter((terms) => terms.length)
  return list.map((terms, i) => {
    const last = i === list.length - 1
    // The word as typed may carry a typo; its other readings (without particles, a brand) are matched
    // as they are, and as a prefix only from 3 letters (a stem of 2 would begin half the words).
    const [word, ...readings] = terms as [string, ...string[]]
    const long = readings.filter((r) => r.length >= 3)
    const short = readings.filter((r) => r.length < 3)
    const group = (queries: string[], prefix: boolean, fuzzy: number | false) =>
      queries.length ? [{ combineWith: 'OR' as const, queries, prefix, fuzzy }] : []
    return {
      combineWith: 'OR' as const,
      terms,
      /** The terms matched as a prefix. */
      prefixed: new Set(last ? [word, ...long] : []),
      queries: [
        ...group([word], last, word.length >= 4 ? 0.2 : false),
        ...group(long, last, false),
        ...group(short, false, false),
      ],
    }
  })
}

/**
 * The prose shards a word needs: each term's; for the word being typed, those of the words it may
 * become too (not for a single letter, which would be most of them: titles answer it).
 */
function shardsOfWord(shards: readonly (readonly string[])[], word: ReturnType<typeof queryOf>[number]): number[] {
  const needed = new Set<number>()
  for (const term of word.terms) {
    const list = word.prefixed.has(term) && term.length > 1 ? shardsUnder(shards, term) : [shardOf(shards, term)]
    for (const n of list) if (n >= 0) needed.add(n)
  }
  return [...needed]
}

/** The prose shards a query needs. */
export function shardsOf(shards: readonly (readonly string[])[], text: string): number[] {
  return [...new Set(queryOf(text).flatMap((word) => shardsOfWord(shards, word)))].sort((a, b) => a - b)
}

/** The guides that match, best first. Prose shards not loaded yet are left out. */
export function searchGuides(indexes: Indexes, text: string): Hit[] {
  const query = queryOf(text)
  if (!query.length) return []
  // Per word: each guide it matches, with its score and the terms.
  const perWord = query.map((word) => {
    const found = new Map<string, { score: number; terms: string[] }>()
    const add = (results: SearchResult[], weight: number) => {
      for (const r of results) {
        const f = found.get(r.id as string)
        if (f) {
          f.score += r.score * weight * weightOfPage(r.id as string)
          f.terms.push(...r.terms)
        } else
          found.set(r.id as string, { score: r.score * weight * weightOfPage(r.id as string), terms: [...r.terms] })
      }
    }
    add(indexes.head.search(word, { ...asIs, boost: BOOST }), 1)
    for (const n of shardsOfWord(indexes.shards, word)) {
      const shard = indexes.body.get(n)
      if (shard) add(shard.search(word, asIs), PROSE)
    }
    return found
  })
  const combine = (every: boolean) => {
    const hits = new Map<string, Hit>()
    for (const found of perWord) {
      for (const [id, f] of found) {
        const hit = hits.get(id)
        if (hit) {
          hit.score += f.score
          for (const t of f.terms) hit.terms.add(t)
        } else
          hits.set(id, {
            id,
            score: f.score,
            terms: new Set(f.terms),
            stored: indexes.head.getStoredFields(id) as unknown as Hit['stored'],
          })
      }
    }
    const list = [...hits.values()].filter((h) => !every || perWord.every((found) => found.has(h.id)))
    return list.sort((a, b) => b.score - a.score || a.stored.t.localeCompare(b.stored.t))
  }
  const all = combine(true)
  return all.length || query.length < 2 ? all : combine(false)
}
