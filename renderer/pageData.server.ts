import en from '../locales/en.json'
import ar from '../locales/ar.json'
import { loadGuides, type Guide } from '../build/guides'
import type { Locale } from '../locales/locales'
import { pickMessages } from '../locales/pickMessages'
import { areaOf, type PageData } from './pageData'

const catalogs: Record<Locale, Record<string, string>> = { en, ar }
let guides: Record<Locale, Guide[]> | undefined

/** Build-time data of a page: its messages, and for the guide pages the articles. */
export function loadPageData(pageId: string, locale: Locale, slug: string | undefined): PageData {
  const area = areaOf(pageId)
  const data: PageData = { messages: pickMessages(catalogs[locale], area ? [area] : []) }
  if (area === 'guide') {
    guides ??= loadGuides()
    const list = guides[locale]
    const summary = ({ slug, title, description, order }: Guide) => ({ slug, title, description, order })
    if (slug === undefined) {
      data.guides = list.map(summary)
    } else {
      const i = list.findIndex((g) => g.slug === slug)
      if (i === -1) throw new Error(`No ${locale} guide "${slug}"`)
      data.guide = { ...list[i]!, previous: list[i - 1] && summary(list[i - 1]!), next: list[i + 1] && summary(list[i + 1]!) }
    }
  }
  return data
}
