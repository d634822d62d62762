// dist/search/<locale>.json: the guide search index of each language, MiniSearch's JSON built from
// the guides as the build read them (build/guides.ts), with the terms renderer/shared/searchText.ts
// makes of every word. The runtime fetches it when a visitor focuses a search box (docs/search.md).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import MiniSearch from 'minisearch'
import type { Catalog } from '../locales/catalogs'
import { type Locale, localeCodes } from '../locales/locales'
import { bodyIndexOptions, headIndexOptions, type SearchDoc, searchIndexPath } from '../renderer/shared/searchIndex'
import type { Guide } from './guides'
import { decodeHtmlText } from './html'

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

/** The two indexes' JSON (renderer/shared/searchIndex.ts). */
export function buildSearchIndexes(docs: readonly SearchDoc[]): { head: string; body: string } {
  const json = (options: typeof headIndexOptions) => {
    const index = new MiniSearch<SearchDoc>(options)
    index.addAll(docs)
    return JSON.stringify(index)
  }
  return { head: json(headIndexOptions), body: json(bodyIndexOptions) }
}

/** Writes each language's two indexes. */
export function writeSearchIndexes(dist: string, guides: Record<Locale, Guide[]>, catalogs: Record<Locale, Catalog>) {
  mkdirSync(join(dist, 'search'), { recursive: true })
  for (const locale of localeCodes) {
    const { head, body } = buildSearchIndexes(searchDocs(guides[locale], catalogs[locale]))
    writeFileSync(join(dist, searchIndexPath(locale).slice(1)), head)
    writeFileSync(join(dist, searchIndexPath(locale, 'body').slice(1)), body)
  }
}
