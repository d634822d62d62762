// The status document's rules (./status.ts), apart from its valibot schema: what a component's
// state is at a moment, what counts as measured and when a measurement is stale, availability as
// Statuspage weighs it, and the server's clock from a response. The runtime's banner
// (renderer/client/statusBanner.ts), the status page's live view, the command and the probe all
// use these, and must not pull valibot into the code every page loads. Pure: no imports.

/** Where the document and its feeds are served (the bucket's `status/`, shared by every build). */
export const statusPaths = {
  document: '/status/status.json',
  /** Statuspage's summary as this site writes it (api/status/summary.ts), rewritten with the document. */
  summary: '/status/summary.json',
  /** The build's own, beside its pages (not under status/, which operations own). */
  schema: '/schemas/status.json',
  summarySchema: '/schemas/status-summary.json',
  feed: { en: '/status/incidents.atom', ar: '/status/incidents.ar.atom' },
} as const
/** Days of availability the document keeps and the page draws. */
export const statusDays = 90

/** Worst last: a day's or a component's state is the worst of what happened to it. */
export const componentStates = ['operational', 'maintenance', 'degraded', 'partial', 'major'] as const
export type ComponentState = (typeof componentStates)[number]

export function worst(a: ComponentState, b: ComponentState): ComponentState {
  return componentStates.indexOf(a) >= componentStates.indexOf(b) ? a : b
}

/**
 * A measurement (a probe's result, the bars it fills) older than this is stale: shown with its age,
 * and no longer taken as the component's state. The probe writes every minute. What operators write
 * (incidents, maintenance) never goes stale: it stays until they change it.
 */
export const measuredStaleAfterMs = 10 * 60_000
/** A document dated further ahead of the server's clock than this was written with a wrong clock. */
const futureSkewMs = 2 * 60_000
/** Consecutive failed checks after which the probe alone marks a component as a major outage. */
const failuresForOutage = 2
/**
 * Availability weighs a minute by its impact as Statuspage does: a major outage counts fully, a
 * partial outage at this fraction, degraded performance and maintenance not at all.
 */
const partialWeight = 0.3

// Structural types: the banner reads the document loosely, without the schema.
interface LooseIncident {
  impact: ComponentState
  components: readonly string[]
  updates: readonly { stage: string }[]
}
interface LooseMaintenance {
  components: readonly string[]
  from: string
  to: string
  cancelled?: unknown
}
interface LooseProbe {
  at: string
  ok: boolean
  failures: number
}
interface LooseComponent {
  key: string
  probe?: LooseProbe
}
interface LooseDocument {
  components: readonly LooseComponent[]
  incidents: readonly LooseIncident[]
  maintenance: readonly LooseMaintenance[]
}

export const isOpen = (incident: { updates: readonly { stage: string }[] }) => incident.updates[0]!.stage !== 'resolved'
export const isActive = (m: LooseMaintenance, now: number) =>
  !m.cancelled && Date.parse(m.from) <= now && now < Date.parse(m.to)
export const isUpcoming = (m: LooseMaintenance, now: number) => !m.cancelled && now < Date.parse(m.from)

/** What operators say of a component at `now`: the worst open incident's impact, an active maintenance, else operational. */
export function reportedState(doc: Pick<LooseDocument, 'incidents' | 'maintenance'>, key: string, now: number) {
  let state: ComponentState = 'operational'
  for (const i of doc.incidents) if (isOpen(i) && i.components.includes(key)) state = worst(state, i.impact)
  for (const m of doc.maintenance)
    if (isActive(m, now) && m.components.includes(key)) state = worst(state, 'maintenance')
  return state
}

/** Whether a probe's result at `at` (ISO) still speaks for the component at `now`. */
export const isFresh = (at: string | undefined, now: number) =>
  at !== undefined && now - Date.parse(at) <= measuredStaleAfterMs

/** What the probe's own result says, while fresh: a major outage after two failures in a row, else nothing. */
function measuredState(component: LooseComponent, now: number): ComponentState {
  const p = component.probe
  return p && isFresh(p.at, now) && p.failures >= failuresForOutage ? 'major' : 'operational'
}

/**
 * A component's state at `now`: what operators report, whatever its age, and the probe's verdict
 * only while fresh. The page, the banners, the summary and the command all read it so.
 */
export function stateAt(doc: LooseDocument, key: string, now: number): ComponentState {
  const component = doc.components.find((c) => c.key === key)
  return worst(reportedState(doc, key, now), component ? measuredState(component, now) : 'operational')
}

/** When anything was last measured: the newest probe result of any component, or undefined if none ever was. */
export function measuredAt(doc: Pick<LooseDocument, 'components'>): number | undefined {
  let newest: number | undefined
  for (const c of doc.components) {
    const at = c.probe ? Date.parse(c.probe.at) : Number.NaN
    if (!Number.isNaN(at) && (newest === undefined || at > newest)) newest = at
  }
  return newest
}

/** A day's minutes: measured, failed (a failed check or a major outage) and partial (a partial outage). */
export interface DayCounts {
  checks: number
  failed: number
  partial?: number
}

/**
 * Availability over the days measured, in basis points with two decimals (9998.61), or undefined
 * with no measurement (a component nothing checks). A failed minute counts fully, a partial one at
 * `partialWeight`, a degraded one not at all.
 */
export function availabilityBp(days: readonly DayCounts[]): number | undefined {
  let checks = 0
  let lost = 0
  for (const d of days) {
    checks += d.checks
    const failed = Math.min(d.failed, d.checks)
    lost += failed + Math.min(d.partial ?? 0, d.checks - failed) * partialWeight
  }
  if (!checks) return undefined
  return Math.floor(((checks - lost) * 1_000_000) / checks) / 100
}

/**
 * The server's clock when a response was made, from its `Date` header plus its `Age` (a CDN's
 * cached copy): the page reckons ages so, never from the visitor's clock. Undefined without a
 * usable `Date` (the caller then has only the device's clock).
 */
export function serverTime(headers: { get(name: string): string | null }): number | undefined {
  const date = Date.parse(headers.get('date') ?? '')
  if (Number.isNaN(date)) return undefined
  const age = Number(headers.get('age'))
  return date + (Number.isFinite(age) && age > 0 ? age * 1000 : 0)
}

/** Whether a document's `updatedAt` is further ahead of the server's time than a clock's drift explains. */
export const isFromTheFuture = (updatedAt: string, now: number) => Date.parse(updatedAt) - now > futureSkewMs
