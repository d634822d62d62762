// What a status subscription is told (docs/status-api.md, "The event"): the events between two
// status documents (an incident opened, updated or resolved; maintenance scheduled or cancelled),
// each with an id that depends only on what it reports, and the JSON an endpoint receives, in its
// language. ./subscriptions.ts keeps the subscriptions and delivers these.
import { createHash } from 'node:crypto'
import {
  type Bilingual,
  type ComponentKey,
  type Impact,
  type Incident,
  isOpen,
  type Maintenance,
  type Stage,
  type StatusDocument,
  statusPaths,
} from '../contract/status'
import { monitoringUrls } from './summary'

export const subscriptionLangs = ['en', 'ar', 'both'] as const
export type SubscriptionLang = (typeof subscriptionLangs)[number]

/** What of a subscription its events depend on: its id, language and components. */
type Listener = { id: string; lang: SubscriptionLang; components: ComponentKey[] | 'all' }

const statusEventTypes = [
  'incident.opened',
  'incident.updated',
  'incident.resolved',
  'maintenance.scheduled',
  'maintenance.cancelled',
] as const
export type StatusEventType = (typeof statusEventTypes)[number]

/** What changed between two documents, one entry per update posted or maintenance scheduled or cancelled. */
export type StatusChange =
  | {
      type: 'incident.opened' | 'incident.updated' | 'incident.resolved'
      id: string
      at: string
      incident: Incident
      update: Incident['updates'][number]
    }
  | { type: 'maintenance.scheduled' | 'maintenance.cancelled'; id: string; at: string; maintenance: Maintenance }

const eventId = (...parts: string[]) => `evt_${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 32)}`

/**
 * The events between `before` (undefined: no readable document before) and `after`, oldest first:
 * an incident's first update opens it, each later one updates it, and one at the stage `resolved`
 * resolves it; an incident first seen already resolved (a restore) tells nothing. Maintenance:
 * scheduled when it appears, cancelled when it gets cancelled. Each event's id depends only on what
 * it reports, so an event sent twice carries the same id.
 */
export function statusChanges(before: StatusDocument | undefined, after: StatusDocument): StatusChange[] {
  const out: StatusChange[] = []
  for (const incident of after.incidents) {
    const previous = before?.incidents.find((i) => i.id === incident.id)
    if (!previous && !isOpen(incident)) continue
    const known = previous?.updates.length ?? 0
    const posted = incident.updates.slice(0, Math.max(0, incident.updates.length - known)).reverse()
    posted.forEach((update, i) => {
      const index = known + i
      const type =
        index === 0 ? 'incident.opened' : update.stage === 'resolved' ? 'incident.resolved' : 'incident.updated'
      out.push({ type, id: eventId(type, incident.id, String(index), update.at), at: update.at, incident, update })
    })
  }
  for (const m of after.maintenance) {
    const previous = before?.maintenance.find((x) => x.id === m.id)
    if (!previous && !m.cancelled && Date.parse(m.to) > Date.parse(after.updatedAt))
      out.push({
        type: 'maintenance.scheduled',
        id: eventId('maintenance.scheduled', m.id, m.from),
        at: after.updatedAt,
        maintenance: m,
      })
    if (previous && !previous.cancelled && m.cancelled)
      out.push({
        type: 'maintenance.cancelled',
        id: eventId('maintenance.cancelled', m.id, m.cancelled.at),
        at: m.cancelled.at,
        maintenance: m,
      })
  }
  return out.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
}

type Texts = Partial<Bilingual>
const inLang = (text: Bilingual, lang: SubscriptionLang): Texts =>
  lang === 'both' ? { en: text.en, ar: text.ar } : { [lang]: text[lang] }

/** The JSON an endpoint receives (docs/status-api.md, "The event"). */
export interface StatusEvent {
  /** Unique per event (not per attempt): the receiver's key to drop a duplicate. */
  id: string
  type: StatusEventType
  /** When it happened: the update's time, the cancellation's, or the write that scheduled it. */
  at: string
  subscription: string
  lang: SubscriptionLang
  incident?: {
    id: string
    impact: Impact
    components: ComponentKey[]
    stage: Stage
    title: Texts
    /** This update's text. */
    text: Texts
    startedAt: string
    url: Texts
  }
  maintenance?: {
    id: string
    components: ComponentKey[]
    from: string
    to: string
    title: Texts
    /** The announcement, or the cancellation's text. */
    text: Texts
    url: Texts
  }
  page: { url: Texts; summary: string }
}

export function eventFor(change: StatusChange, subscription: Listener, siteUrl: string): StatusEvent {
  const lang = subscription.lang
  const base = {
    id: change.id,
    type: change.type,
    at: change.at,
    subscription: subscription.id,
    lang,
  }
  const page = { url: inLang(monitoringUrls(siteUrl), lang), summary: `${siteUrl}${statusPaths.summary}` }
  if ('incident' in change) {
    const { incident, update } = change
    return {
      ...base,
      incident: {
        id: incident.id,
        impact: incident.impact,
        components: [...incident.components],
        stage: update.stage,
        title: inLang(incident.title, lang),
        text: inLang(update.text, lang),
        startedAt: incident.updates.at(-1)!.at,
        url: inLang(monitoringUrls(siteUrl, `#incident-${incident.id}`), lang),
      },
      page,
    }
  }
  const m = change.maintenance
  return {
    ...base,
    maintenance: {
      id: m.id,
      components: [...m.components],
      from: m.from,
      to: m.to,
      title: inLang(m.title, lang),
      text: inLang(change.type === 'maintenance.cancelled' && m.cancelled ? m.cancelled.text : m.text, lang),
      url: inLang(monitoringUrls(siteUrl), lang),
    },
    page,
  }
}

const componentsOf = (change: StatusChange) =>
  'incident' in change ? change.incident.components : change.maintenance.components
export const matches = (subscription: Listener, change: StatusChange) =>
  subscription.components === 'all' || componentsOf(change).some((k) => subscription.components.includes(k))
