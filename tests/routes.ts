// The routes of docs/behaviour.md §1 with what each must show, shared by the unit and browser tests.
import { readFileSync } from 'node:fs'
import { createIntl } from '@formatjs/intl'
import { loadGuides } from '../build/guides'
import { intlLocale } from '../locales/intlLocale'
import { type Locale, localeCodes } from '../locales/locales'
import type { MessageId } from '../locales/messages'
import { pickMessages } from '../locales/pickMessages'

const read = (l: Locale) => JSON.parse(readFileSync(`locales/${l}.json`, 'utf8')) as Record<string, string>
export const catalogs: Record<Locale, Record<string, string>> = { en: read('en'), ar: read('ar') }
export const guides = loadGuides()

const areasOf = (catalog: Record<string, string>) => [...new Set(Object.keys(catalog).map((id) => id.split('.')[0]!))]
/**
 * Every message as the pages get it (locales/pickMessages.ts): the site's facts filled in and an
 * Arabic page's short Latin names kept on one line. Format with these, not the raw catalogs, to
 * match a page's text.
 */
export const pageMessages = Object.fromEntries(
  localeCodes.map((l) => [l, pickMessages(catalogs[l], l, areasOf(catalogs[l])) as Record<string, never>]),
) as Record<Locale, Record<string, never>>
const intls = Object.fromEntries(
  localeCodes.map((l) => [l, createIntl({ locale: intlLocale(l), messages: pageMessages[l] })]),
) as Record<Locale, ReturnType<typeof createIntl>>

/** A message as a page shows it: the site's facts filled in (locales/facts.ts), then `values`. */
export const shown = (l: Locale, id: string, values?: Record<string, string | number>) =>
  intls[l].formatMessage({ id: id as MessageId }, values)

export interface RouteCase {
  path: string
  /** Message ids of the page's title (inside site.titleTemplate) and its h1, or literal text. */
  title: (l: Locale) => string
  h1: (l: Locale) => string
  layout: 'default' | 'no-footer' | 'background'
  footer: boolean
  faq: boolean
  dense?: boolean
}

const msg = (id: string) => (l: Locale) => catalogs[l][id]!

const page = (path: string, area: string, opts: Partial<RouteCase> = {}): RouteCase => ({
  path,
  title: msg(`${area}.meta.title`),
  h1: msg(`${area}.hero.title`),
  layout: 'default',
  footer: true,
  faq: true,
  ...opts,
})

export const routes: RouteCase[] = [
  page('/', 'home', { layout: 'background' }),
  page('/services', 'services', { dense: true }),
  page('/monitoring', 'monitoring'),
  page('/pricing', 'pricing'),
  page('/design', 'design'),
  page('/contact-us', 'contactUs', { layout: 'no-footer', footer: false, faq: false }),
  page('/checkout', 'checkout', { layout: 'no-footer', footer: false, faq: false }),
  page('/guide', 'guide', { h1: msg('guide.index.title'), faq: false }),
  page('/privacy', 'privacy', { faq: false }),
  ...guides.en.map((g) => ({
    path: `/guide/${g.slug}`,
    title: (l: Locale) => guides[l].find((x) => x.slug === g.slug)!.title,
    h1: (l: Locale) => guides[l].find((x) => x.slug === g.slug)!.title,
    layout: 'default' as const,
    footer: true,
    faq: false,
  })),
]

/**
 * The routes a browser test loads one by one: every page but the guides, and two guides (the first
 * and the last of the index), since the guides share one template and tests/dist checks every
 * guide's HTML.
 */
export const browserRoutes: RouteCase[] = (() => {
  const articles = routes.filter((r) => r.path.startsWith('/guide/'))
  const sample = new Set([articles[0]?.path, articles.at(-1)?.path])
  return routes.filter((r) => !r.path.startsWith('/guide/') || sample.has(r.path))
})()

export const fullTitle = (l: Locale, page: string) => catalogs[l]['site.titleTemplate']!.replace('{page}', page)
export const localized = (path: string, l: Locale) => (l === 'en' ? path : path === '/' ? '/ar' : `/ar${path}`)
