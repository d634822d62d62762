// The guide search's indexes, shared by the build that writes them (build/search.ts) and the
// runtime that reads them (renderer/client/guideSearch.ts), beside the pages of the same build
// (docs/search.md). Per language:
// - `/search/<locale>.json`, the first chunk, fetched when a visitor first focuses a search box:
//   MiniSearch's index of each guide's title, group, description and headings (searched, and
//   stored for the result list), and the list of the prose's shards;
// - `/search/<locale>.<n>.json`, the prose's shards: MiniSearch indexes of the guides' prose, each
//   holding the terms that start with some prefixes (a letter, or two or three where one letter
//   would make a shard too big). A query fetches the shards of its words' prefixes only, so its
//   bytes grow with the query, not with the number of guides; a small site has a shard or two.
import type { AsPlainObject, Options } from 'minisearch'
import type { Locale } from '../../locales/locales'
import { termsOf, words } from './text'

/** A guide as the indexes hold it. */
export interface SearchDoc {
  /** The guide's slug: its page is `/guide/<slug>` (localized). */
  u: string
  /** Title. */
  t: string
  /** Its group's name. */
  g: string
  /** Description. */
  d: string
  /** Its headings (h2, h3), one per line. */
  h: string
  /** Its prose (code blocks left out). */
  b: string
}

/** The first chunk's file. */
export interface SearchHead {
  v: 1
  index: AsPlainObject
  /** Each prose shard's prefixes: shard n is `/search/<locale>.<n>.json`. */
  shards: string[][]
}

export const searchIndexPath = (locale: Locale, shard?: number) =>
  `/search/${locale}${shard === undefined ? '' : `.${shard}`}.json`

/** The shard that holds a term: the one with its longest prefix (-1: none). */
export function shardOf(shards: readonly (readonly string[])[], term: string): number {
  let best = -1
  let length = 0
  shards.forEach((prefixes, n) => {
    for (const p of prefixes) {
      if (p.length > length && term.startsWith(p)) {
        best = n
        length = p.length
      }
    }
  })
  return best
}

/** The shards that hold the terms starting with `prefix` (its own, and those of longer prefixes). */
export function shardsUnder(shards: readonly (readonly string[])[], prefix: string): number[] {
  const out = new Set<number>()
  const own = shardOf(shards, prefix)
  if (own >= 0) out.add(own)
  shards.forEach((prefixes, n) => {
    if (prefixes.some((p) => p.length > prefix.length && p.startsWith(prefix))) out.add(n)
  })
  return [...out]
}

/** The first chunk's options, written and read alike. */
export const headIndexOptions: Options<SearchDoc> = {
  idField: 'u',
  fields: ['t', 'g', 'd', 'h'],
  storeFields: ['t', 'g', 'd', 'h'],
  tokenize: words,
  processTerm: termsOf,
}
/** A prose shard's, for reading (the build writes each with the terms of its letters only). */
export const bodyIndexOptions: Options<SearchDoc> = { idField: 'u', fields: ['b'] }
