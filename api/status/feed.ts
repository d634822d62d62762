// The incidents as an Atom feed (RFC 4287) per language, rewritten with the document
// (./store.ts) and linked from the monitoring pages' head: a feed reader hears of an incident and
// each of its updates as soon as the status page does. Words come from the site's catalogs.
import { type Incident, type StatusDocument, statusPaths } from '../contract/status'
import ar from '../../locales/ar.json'
import en from '../../locales/en.json'
import { wallClock } from './doc'

const catalogs = { en, ar } as const
type Lang = keyof typeof catalogs

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The monitoring page of a language, absolute. */
const monitoringUrl = (siteUrl: string, lang: Lang) => `${siteUrl}${lang === 'en' ? '' : `/${lang}`}/monitoring`

function entry(incident: Incident, lang: Lang, siteUrl: string, timeZone: string): string {
  const m = catalogs[lang] as Record<string, string>
  const page = `${monitoringUrl(siteUrl, lang)}#incident-${incident.id}`
  const names = incident.components.map((k) => m[`status.component.${k}`] ?? k).join(m['common.listSeparator'] ?? ', ')
  const updates = incident.updates
    .map(
      (u) =>
        `<p><strong>${xml(m[`monitoring.stage.${u.stage}`] ?? u.stage)}</strong> (${xml(wallClock(Date.parse(u.at), timeZone, lang))}): ${xml(u.text[lang])}</p>`,
    )
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
