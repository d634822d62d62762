// The incidents as an Atom feed (RFC 4287) per language, rewritten with the document
// (./store.ts) and linked from the monitoring pages' head: a feed reader hears of an incident and
// each of its updates as soon as the status page does. Words come from the site's catalogs.
import { type Incident, type StatusDocument, statusPaths } from '../contract/status'
import ar from '../../locales/ar.json'
import en from '../../locales/en.json'
import { intlLocale } from '../../locales/intlLocale'
import { dirOf } from '../../locales/locales'
import type { Locale } from '../../locales/locales'

const catalogs = { en, ar } satisfies Record<Locale, unknown>
type Lang = Locale

/** An instant's date and 24-hour time in `timeZone`, as the site's pages write them (locales/intlLocale.ts). */
function dayAndTime(ms: number, timeZone: string, lang: Lang): { date: string; time: string } {
  const locale = intlLocale(lang)
  return {
    date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(ms),
    time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
      ms,
    ),
  }
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The monitoring page of a language, absolute. */
const monitoringUrl = (siteUrl: string, lang: Lang) => `${siteUrl}${lang === 'en' ? '' : `/${lang}`}/monitoring`

function entry(incident: Incident, lang: Lang, siteUrl: string, timeZone: string): string {
  const m = catalogs[lang] as Record<string, string>
  const page = `${monitoringUrl(siteUrl, lang)}#incident-${incident.id}`
  const names = incident.components.map((k) => m[`status.component.${k}`] ?? k).join(m['common.listSeparator'] ?? ', ')
  // Each update a paragraph of the catalog's `monitoring.feed.update`: its stage, its time named by
  // its place as the page names it ("Riyadh time", in Arabic too), its
  // text; a right-to-left language's right to left, whatever the reader's own layout (`dir`, as HTML reads it).
  const dir = dirOf(lang) === 'rtl' ? ' dir="rtl"' : ''
  const updates = incident.updates
    .map((u) => {
      const { date, time } = dayAndTime(Date.parse(u.at), timeZone, lang)
      const values: Record<string, string> = {
        stage: `<strong>${xml(m[`monitoring.stage.${u.stage}`] ?? u.stage)}</strong>`,
        date: xml(date),
        time: xml(time),
        text: xml(u.text[lang]),
      }
      const line = xml(m['monitoring.feed.update']!).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
      return `<p${dir}>${line}</p>`
    })
    .join('')
  const first = incident.updates.at(-1)!
  return `  <entry>
    <id>${xml(page)}</id>
    <title>${xml(`${incident.title[lang]}: ${m[`monitoring.stage.${incident.updates[0]!.stage}`]}`)}</title>
    <link rel="alternate" type="text/html" href="${xml(page)}"/>
    <published>${first.at}</published>
    <updated>${incident.updates[0]!.at}</updated>
    <summary>${xml(names)}</summary>
    <content type="html">${xml(updates)}</content>
  </entry>
`
}

export function atomFeed(doc: StatusDocument, lang: Lang, siteUrl: string): string {
  const m = catalogs[lang] as Record<string, string>
  const self = `${siteUrl}${statusPaths.feed[lang]}`
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">
  <id>${xml(self)}</id>
  <title>${xml(m['monitoring.feed.title']!)}</title>
  <subtitle>${xml(m['monitoring.feed.subtitle']!)}</subtitle>
  <link rel="self" type="application/atom+xml" href="${xml(self)}"/>
  <link rel="alternate" type="text/html" href="${xml(monitoringUrl(siteUrl, lang))}"/>
  <updated>${doc.updatedAt}</updated>
  <author><name>${xml(m['monitoring.feed.author']!)}</name></author>
${doc.incidents.map((i) => entry(i, lang, siteUrl, doc.timeZone)).join('')}</feed>
`
}
