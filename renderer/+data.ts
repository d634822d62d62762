// https://vike.dev/data: build time only. A page's messages (its area plus the shell) and, for the
// guide pages, the articles. None of it reaches the browser as data: the HTML is the page.
import type { PageContext } from 'vike/types'
import { type Guide, type GuideSummary, loadGuides } from '../build/guides'
import { type Locale, localeCodes } from '../locales/locales'
import { pickMessages } from '../locales/pickMessages'
import { areaOf, type PageData } from './pageData'

// locales/<code>.json for every locale of the table (checked by the build before Vike runs).
const files = import.meta.glob<Record<string, string>>('../locales/*.json', { eager: true, import: 'default' })
const catalogs = Object.fromEntries(localeCodes.map((l) => [l, files[`../locales/${l}.json`]!])) as Record<
  Locale,
  Record<string, string>
>

const summary = ({ slug, title, description, order, group, operation }: Guide): GuideSummary => ({
  slug,
  title,
  description,
  order,
  group,
  ...(operation ? { operation } : {}),
})
// Every article page of a language has the same list: made once a build.
const summaries = new Map<Guide[], GuideSummary[]>()
function summariesOf(list: Guide[]): GuideSummary[] {
  let out = summaries.get(list)
  if (!out) {
    out = list.map(summary)
    summaries.set(list, out)
  }
  return out
}

export function data(pageContext: PageContext): PageData {
  return loadPageData(
    pageContext.pageId ?? '/pages/_error',
    pageContext.locale,
    pageContext.routeParams?.['*'],
    pageContext.config.pageMeta?.messageAreas ?? [],
  )
}

function loadPageData(pageId: string, locale: Locale, slug: string | undefined, extraAreas: string[]): PageData {
  const area = areaOf(pageId)
  const data: PageData = { messages: pickMessages(catalogs[locale], locale, [...(area ? [area] : []), ...extraAreas]) }
  if (area === 'guide') {
    const list = loadGuides()[locale]
    // The index lists them all; an article's sidebar too (pages/guide/article/GuideNav.tsx).
    data.guides = summariesOf(list)
    if (slug !== undefined) {
      const i = list.findIndex((g) => g.slug === slug)
      if (i === -1) throw new Error(`No ${locale} guide "${slug}"`)
      data.guide = {
        ...list[i]!,
        previous: list[i - 1] && summary(list[i - 1]!),
        next: list[i + 1] && summary(list[i + 1]!),
      }
    }
  }
  return data
}
