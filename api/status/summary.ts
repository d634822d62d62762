// The status summary (docs/status-api.md; schema: api/contract/statusSummary.ts): what the
// document says now, in the shape of Statuspage's `/api/v2/summary.json`, for tools that poll one
// small JSON instead of reading the page. Written to /status/summary.json with the feeds after
// each write (./store.ts). Words come from the site's catalogs, as the feeds' do.
import { toJsonSchema } from '@valibot/to-json-schema'
import {
  availabilityBp,
  type ComponentState,
  componentKeys,
  isActive,
  isOpen,
  isUpcoming,
  measuredAt,
  type StatusDocument,
  stateAt,
  statusPaths,
  worst,
} from '../contract/status'
import { StatusSummary, type SummaryIndicator } from '../contract/statusSummary'
import { isFresh } from '../contract/statusRules'
import ar from '../../locales/ar.json'
import en from '../../locales/en.json'
import type { Locale } from '../../locales/locales'

const catalogs = { en, ar } satisfies Record<Locale, unknown>
type Lang = Locale

/** One catalog message in both languages. */
const words = (id: string) => ({
  en: (catalogs.en as Record<string, string>)[id] ?? id,
  ar: (catalogs.ar as Record<string, string>)[id] ?? id,
})

/** The monitoring page of a language, absolute (as the feeds link it). */
const monitoringUrl = (siteUrl: string, lang: Lang) => `${siteUrl}${lang === 'en' ? '' : `/${lang}`}/monitoring`
/** Both monitoring pages, or an incident on them (`#incident-<id>`). */
export const monitoringUrls = (siteUrl: string, hash = '') => ({
  en: `${monitoringUrl(siteUrl, 'en')}${hash}`,
  ar: `${monitoringUrl(siteUrl, 'ar')}${hash}`,
})

/**
 * The overall indicator from the worst component state, as Statuspage grades it: degraded
 * performance is `minor`, a partial outage `major`, a major outage `critical`, and a maintenance
 * under way (with nothing worse) `maintenance`.
 */
export const indicatorOf: Record<ComponentState, SummaryIndicator> = {
  operational: 'none',
  maintenance: 'maintenance',
  degraded: 'minor',
  partial: 'major',
  major: 'critical',
}

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * The summary of `doc` at `now` (the moment of the write that makes it): each component's state
 * (`stateAt`: operators' reports whatever their age, the probe's verdict only while fresh), its
 * availability only if something measures it, the open incidents, and the maintenance under way or
 * to come. `siteUrl`: the site's origin, without a trailing slash.
 */
export function statusSummary(doc: StatusDocument, now: number, siteUrl: string): StatusSummary {
  const components = componentKeys.map((key) => {
    const c = doc.components.find((x) => x.key === key)
    const bp = c ? availabilityBp(c.days) : undefined
    const probeAt = c?.probe?.at
    return {
      key,
      name: words(`status.component.${key}`),
      state: stateAt(doc, key, now),
      measured: bp !== undefined || probeAt !== undefined,
      ...(bp === undefined ? {} : { availability: Math.round(bp * 100) / 10_000 }),
      ...(probeAt === undefined ? {} : { measuredAt: probeAt, stale: !isFresh(probeAt, now) }),
    }
  })
  const overall = components.reduce<ComponentState>((w, c) => worst(w, c.state), 'operational')
  const lastMeasured = measuredAt(doc)
  const byStart = (a: { from: string }, b: { from: string }) => Date.parse(a.from) - Date.parse(b.from)
  return {
    schema: 1,
    generatedAt: iso(now),
    sample: doc.sample,
    page: {
      url: monitoringUrls(siteUrl),
      feed: { en: `${siteUrl}${statusPaths.feed.en}`, ar: `${siteUrl}${statusPaths.feed.ar}` },
      updatedAt: doc.updatedAt,
      ...(lastMeasured === undefined ? {} : { measuredAt: iso(lastMeasured) }),
      revision: doc.revision,
    },
    status: {
      indicator: indicatorOf[overall],
      description: words(`statusSummary.indicator.${indicatorOf[overall]}`),
    },
    components,
    incidents: doc.incidents.filter(isOpen).map((i) => {
      const latest = i.updates[0]!
      return {
        id: i.id,
        impact: i.impact,
        components: [...i.components],
        title: i.title,
        stage: latest.stage,
        startedAt: i.updates.at(-1)!.at,
        updatedAt: latest.at,
        text: latest.text,
        url: monitoringUrls(siteUrl, `#incident-${i.id}`),
      }
    }),
    maintenance: [
      ...doc.maintenance.filter((m) => isActive(m, now)).sort(byStart),
      ...doc.maintenance.filter((m) => isUpcoming(m, now)).sort(byStart),
    ].map((m) => ({
      id: m.id,
      components: [...m.components],
      from: m.from,
      to: m.to,
      title: m.title,
      text: m.text,
      active: isActive(m, now),
    })),
  }
}

/** The summary's JSON Schema, for tools that do not read valibot: the build writes it to /schemas/status-summary.json. */
export function statusSummaryJsonSchema(siteUrl: string): object {
  return {
    $id: `${siteUrl}${statusPaths.summarySchema}`,
    title: 'Rasid status summary',
    ...toJsonSchema(StatusSummary, { target: 'draft-2020-12', errorMode: 'ignore' }),
  }
}
