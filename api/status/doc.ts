// What each `npm run status` command and each probe run does to the status document
// (api/contract/status.ts), as pure functions of the document read, the change and the time: the
// store (./store.ts) reads, applies one of these, and writes only if nobody wrote in between, else
// reads again and applies it again, so two operators at once both land. A refusal's words are the
// operators' catalog's (locales/operator/api.<lang>.json).
import { type OperatorId, operatorList, operatorText } from '../../locales/operator'
import {
  type Bilingual,
  type ComponentKey,
  componentKeys,
  type Day,
  datesUntil,
  dayIn,
  type Impact,
  type Incident,
  isOpen,
  type Maintenance,
  reportedState,
  type Stage,
  stateAt,
  type StatusDocument,
  statusDays,
  worst,
} from '../contract/status'
import { type Locale, localeCodes } from '../../locales/locales'

/** A refused change: what an operator typed that cannot be applied, with the reason in both languages. */
export class StatusInputError extends Error {
  constructor(readonly text: Bilingual) {
    super(text.en)
  }
}

const refuse = (id: OperatorId, values?: Parameters<typeof operatorText>[1]): never => {
  throw new StatusInputError(operatorText(id, values))
}

/** An instant as a market's wall clock, for operators and feed readers: `25 November 2026 at 10:30`. */
export function wallClock(ms: number, timeZone: string, lang: Locale): string {
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-nu-latn-ca-gregory' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(ms)
}

function checkComponents(keys: readonly string[]): ComponentKey[] {
  if (!keys.length) refuse('statusDoc.components.none')
  for (const key of keys)
    if (!(componentKeys as readonly string[]).includes(key))
      refuse('statusDoc.components.unknown', { key, components: operatorList(componentKeys) })
  return [...new Set(keys)] as ComponentKey[]
}

type TextName = 'title' | 'text'

/**
 * The texts of a change, each required in English and Arabic: every missing one is named at once
 * (`--title-ar, --text-ar`), then a pair that looks swapped or untranslated.
 */
function checkTexts<N extends TextName>(texts: Record<N, Partial<Bilingual>>): Record<N, Bilingual> {
  const missing: string[] = []
  for (const [name, text] of Object.entries(texts) as [N, Partial<Bilingual>][])
    for (const lang of localeCodes) if (!text[lang]?.trim()) missing.push(`--${name}-${lang}`)
  if (missing.length)
    refuse('statusDoc.texts.missing', {
      missing: operatorList(missing.map((option) => operatorText('list.option', { option }))),
    })
  const out = {} as Record<N, Bilingual>
  for (const [name, text] of Object.entries(texts) as [N, Partial<Bilingual>][]) {
    const en = text.en!.trim()
    const ar = text.ar!.trim()
    if (/[\u0600-\u06ff]/.test(en) || !/[\u0600-\u06ff]/.test(ar)) refuse(`statusDoc.texts.swapped.${name}`)
    out[name] = { en, ar }
  }
  return out
}

const incidentOf = (doc: StatusDocument, id: string): Incident => {
  const incident = doc.incidents.find((i) => i.id === id)
  if (!incident) refuse('statusDoc.incident.unknown', { id })
  return incident!
}

/** A new id from the title: `2026-11-25-api-errors`, with a number when the day already has it. */
function newId(taken: readonly { id: string }[], date: string, title: string): string {
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40)
      .replace(/-$/, '') || 'incident'
  const base = `${date}-${slug}`
  let id = base
  for (let n = 2; taken.some((t) => t.id === id); n++) id = `${base}-${n}`
  return id
}

export interface OpenIncident {
  id?: string
  impact: Impact
  components: readonly string[]
  title: Partial<Bilingual>
  text: Partial<Bilingual>
  stage?: Stage
  at: number
}

export function openIncident(doc: StatusDocument, input: OpenIncident): { doc: StatusDocument; id: string } {
  const components = checkComponents(input.components)
  const { title, text } = checkTexts({ title: input.title, text: input.text })
  const stage = input.stage ?? 'investigating'
  if (stage === 'resolved') refuse('statusDoc.incident.startsResolved')
  const id = input.id ?? newId(doc.incidents, dayIn(input.at, doc.timeZone), title.en)
  if (doc.incidents.some((i) => i.id === id)) refuse('statusDoc.incident.exists', { id })
  const incident: Incident = {
    id,
    impact: input.impact,
    components,
    title,
    updates: [{ at: iso(input.at), stage, text }],
  }
  return { doc: { ...doc, incidents: [incident, ...doc.incidents] }, id }
}

export function updateIncident(
  doc: StatusDocument,
  id: string,
  input: { stage: Stage; text: Partial<Bilingual>; at: number; impact?: Impact; components?: readonly string[] },
): StatusDocument {
  const incident = incidentOf(doc, id)
  const { text } = checkTexts({ text: input.text })
  if (!isOpen(incident)) refuse('statusDoc.incident.resolved', { id })
  const changed: Incident = {
    ...incident,
    impact: input.impact ?? incident.impact,
    components: input.components ? checkComponents(input.components) : incident.components,
    updates: [{ at: iso(input.at), stage: input.stage, text }, ...incident.updates],
  }
  return { ...doc, incidents: doc.incidents.map((i) => (i.id === id ? changed : i)) }
}

export const resolveIncident = (doc: StatusDocument, id: string, input: { text: Partial<Bilingual>; at: number }) =>
  updateIncident(doc, id, { ...input, stage: 'resolved' })

export interface ScheduleMaintenance {
  id?: string
  components: readonly string[]
  from: number
  to: number
  title: Partial<Bilingual>
  text: Partial<Bilingual>
  now: number
}

export function scheduleMaintenance(
  doc: StatusDocument,
  input: ScheduleMaintenance,
): { doc: StatusDocument; id: string } {
  const components = checkComponents(input.components)
  const { title, text } = checkTexts({ title: input.title, text: input.text })
  if (!(input.to > input.from)) refuse('statusDoc.maintenance.order')
  if (input.to <= input.now) refuse('statusDoc.maintenance.past')
  const id = input.id ?? newId(doc.maintenance, dayIn(input.from, doc.timeZone), `maintenance-${title.en}`)
  if (doc.maintenance.some((m) => m.id === id)) refuse('statusDoc.maintenance.exists', { id })
  const m: Maintenance = { id, components, from: iso(input.from), to: iso(input.to), title, text }
  return { doc: { ...doc, maintenance: [m, ...doc.maintenance] }, id }
}

export function cancelMaintenance(doc: StatusDocument, id: string, input: { text: Partial<Bilingual>; at: number }) {
  const m = doc.maintenance.find((x) => x.id === id)
  if (!m) refuse('statusDoc.maintenance.unknown', { id })
  if (m!.cancelled) refuse('statusDoc.maintenance.cancelled', { id })
  if (Date.parse(m!.to) <= input.at) refuse('statusDoc.maintenance.over', { id })
  const { text } = checkTexts({ text: input.text })
  const cancelled: Maintenance = { ...m!, cancelled: { at: iso(input.at), text } }
  return { ...doc, maintenance: doc.maintenance.map((x) => (x.id === id ? cancelled : x)) }
}

/** One probe result (./probe.ts): a component checked from outside. */
export interface ProbeResult {
  component: ComponentKey
  ok: boolean
  ms?: number
  detail?: string
}

/**
 * One probe run at `at`: each checked component's result, and for each of them one minute measured
 * today: failed when its check failed or an open incident reports a major outage, partial when an
 * incident reports a partial one (counted at a fraction), good otherwise (degraded performance and
 * maintenance are not downtime). A component no check measures gets no minute: it stays "not
 * measured", whatever incidents say of it (their states still colour its days: `settle`).
 */
export function recordProbe(doc: StatusDocument, results: readonly ProbeResult[], at: number): StatusDocument {
  const today = dayIn(at, doc.timeZone)
  const components = componentKeys.map((key) => {
    const current = doc.components.find((c) => c.key === key) ?? { key, state: 'operational' as const, days: [] }
    const result = results.find((r) => r.component === key)
    if (!result) return current
    const probe = {
      at: iso(at),
      ok: result.ok,
      failures: result.ok ? 0 : (current.probe?.failures ?? 0) + 1,
      ...(result.ms === undefined ? {} : { ms: Math.round(result.ms) }),
      ...(result.detail ? { detail: result.detail.slice(0, 200) } : {}),
    }
    const reported = reportedState(doc, key, at)
    const days = [...current.days]
    const last = days.at(-1)
    const day: Day = last?.date === today ? { ...last } : { date: today, checks: 0, failed: 0 }
    day.checks += 1
    if (!result.ok || reported === 'major') day.failed += 1
    else if (reported === 'partial') day.partial = (day.partial ?? 0) + 1
    if (last?.date === today) days[days.length - 1] = day
    else days.push(day)
    return { ...current, probe, days }
  })
  return { ...doc, sample: false, components }
}

/**
 * The document as it is at `now`, after any change: the revision and time moved on, each
 * component's state (statusRules.ts `stateAt`: open incidents and active maintenance, and the
 * probe failing twice in a row while its result is fresh), today's worst state kept in its day, 90
 * days kept, and incidents and maintenance over for 90 days dropped (the history in the store
 * keeps them).
 */
export function settle(doc: StatusDocument, now: number): StatusDocument {
  const next = { ...doc, sample: false, revision: doc.revision + 1, updatedAt: iso(now) }
  const today = dayIn(now, doc.timeZone)
  const first = datesUntil(today, statusDays)[0]!
  const components = componentKeys.map((key) => {
    const current = doc.components.find((c) => c.key === key) ?? { key, state: 'operational' as const, days: [] }
    const state = stateAt(next, key, now)
    const days = current.days.filter((d) => d.date >= first)
    const last = days.at(-1)
    if (state !== 'operational') {
      if (last?.date === today) days[days.length - 1] = { ...last, state: worst(last.state ?? 'operational', state) }
      else days.push({ date: today, checks: 0, failed: 0, state })
    }
    return { ...current, state, days }
  })
  const horizon = now - statusDays * 86_400_000
  return {
    ...next,
    components,
    incidents: next.incidents.filter((i) => isOpen(i) || Date.parse(i.updates[0]!.at) >= horizon),
    maintenance: next.maintenance.filter((m) => Date.parse(m.to) >= horizon),
  }
}

/** A document with no measurement and nothing reported: where a new store starts without the build's sample. */
export function emptyDocument(timeZone: string, now: number): StatusDocument {
  return {
    schema: 1,
    revision: 0,
    sample: false,
    updatedAt: iso(now),
    timeZone,
    components: componentKeys.map((key) => ({ key, state: 'operational', days: [] })),
    incidents: [],
    maintenance: [],
  }
}

const iso = (ms: number) => new Date(ms).toISOString()
