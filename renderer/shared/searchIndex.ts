// The guide search index's shape, shared by the build that writes it (build/search.ts) and the
// runtime that reads it (renderer/client/guideSearch.ts): MiniSearch's JSON, two files per language
// beside the pages of the same build (docs/search.md):
// - `/search/<locale>.json`, the first chunk: each guide's title, group, description and headings,
//   searched and stored (the result list shows them);
// - `/search/<locale>.body.json`: the guides' prose, searched only; fetched after the first.
import type { Options } from 'minisearch'
import type { Locale } from '../../locales/locales'
import { termsOf, words } from './searchText'

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

export const searchIndexPath = (locale: Locale, part: 'head' | 'body' = 'head') =>
  `/search/${locale}${part === 'body' ? '.body' : ''}.json`

const common = { idField: 'u', tokenize: words, processTerm: termsOf } as const

/** The options each index is written and read with (they must agree). */
export const headIndexOptions: Options<SearchDoc> = { ...common, fields: ['t', 'g', 'd', 'h'], storeFields: ['t', 'g', 'd', 'h'] }
export const bodyIndexOptions: Options<SearchDoc> = { ...common, fields: ['b'] }
