// The status document (docs/status.md): what /monitoring shows about the platform, as data served
// from the site's bucket at /status/status.json, not frozen in the build. Operators change it with
// `npm run status` (scripts/status.ts), the probe folds its measurements into it, and the page, the
// banners, the summary and the feeds read it. One schema for
// all of them, here; `npm run contract` writes its JSON Schema beside the OpenAPI document.
// Pure: valibot only.
import { componentStates, statusDays } from './statusRules'
import {
  array,
  boolean,
  type InferOutput,
  integer,
  maxLength,
  minLength,
  minValue,
  number,
  optional,
  picklist,
  pipe,
  regex,
  safeParse,
  strictObject,
  string,
} from 'valibot'

export {
  availabilityBp,
  type ComponentState,
  isActive,
  isOpen,
  isUpcoming,
  measuredAt,
  reportedState,
  serverTime,
  stateAt,
  statusDays,
  statusPaths,
  worst,
} from './statusRules'
import type { Locale } from '../../locales/locales'

/**
 * The components, in the page's order: the platform, then the payment methods with a row of their
 * own (each market's national scheme, mada and Meeza; Visa and Mastercard; Apple Pay, Google Pay
 * and STC Pay; Egypt's mobile wallets and InstaPay; Fawry; Tabby and Tamara), then payouts. A component the probe does not check shows "Not measured"
 * (docs/status.md). A document written before a component was added gets its row, operational and
 * not measured, at its next write (api/status/doc.ts `settle`, `recordProbe`).
 */
export const componentKeys = [
  'site',
  'api',
  'checkout',
  'webhooks',
  'mada',
  'meeza',
  'cards',
  'applePay',
  'googlePay',
  'stcPay',
  'wallets',
  'instapay',
  'fawry',
  'tabby',
  'tamara',
  'payouts',
] as const
export type ComponentKey = (typeof componentKeys)[number]
export const impacts = ['degraded', 'partial', 'major'] as const
export type Impact = (typeof impacts)[number]
export const stages = ['investigating', 'identified', 'monitoring', 'resolved'] as const
export type Stage = (typeof stages)[number]

// Inside one pure function: a bundle that takes only the constants and helpers below (the
// runtime's banner) keeps none of valibot.
export const StatusDocument = /* @__PURE__ */ (() => {
  // Not blank; the command trims what operators type.
  const Text = pipe(string(), regex(/\S/), maxLength(2000))
  /** A text in both of the site's languages: neither may be missing. */
  const Bilingual = strictObject({ en: Text, ar: Text } satisfies Record<Locale, typeof Text>)
  // UTC as toISOString writes it: one form, so that documents compare and sort as text.
  const Instant = pipe(string(), regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/))
  const Count = pipe(number(), integer(), minValue(0))
  const Id = pipe(string(), regex(/^[a-z0-9][a-z0-9-]{0,63}$/))
  const Components = pipe(array(picklist(componentKeys)), minLength(1))

  const Day = strictObject({
    /** The day in the document's time zone, `YYYY-MM-DD`. */
    date: pipe(string(), regex(/^\d{4}-\d{2}-\d{2}$/)),
    /**
     * Minutes (probe runs) measured that day; of them, those failing (a failed check, or a major
     * outage reported) and those of a partial outage (counted at a fraction: statusRules.ts).
     * A component no check measures has no `checks`: "not measured".
     */
    checks: Count,
    failed: Count,
    partial: optional(Count),
    /** The worst state the component was in that day, when not operational. */
    state: optional(picklist(componentStates)),
  })

  const Component = strictObject({
    key: picklist(componentKeys),
    state: picklist(componentStates),
    /** Oldest first, at most `statusDays`; a day with no entry was not measured. */
    days: pipe(array(Day), maxLength(statusDays)),
    /** The probe's last result, for the components it checks from outside. */
    probe: optional(
      strictObject({ at: Instant, ok: boolean(), failures: Count, ms: optional(Count), detail: optional(string()) }),
    ),
  })

  const Update = strictObject({ at: Instant, stage: picklist(stages), text: Bilingual })
  const Incident = strictObject({
    id: Id,
    impact: picklist(impacts),
    components: Components,
    title: Bilingual,
    /** Newest first: every update an operator posted, never rewritten. */
    updates: pipe(array(Update), minLength(1)),
  })

  const Maintenance = strictObject({
    id: Id,
    components: Components,
    from: Instant,
    to: Instant,
    title: Bilingual,
    text: Bilingual,
    cancelled: optional(strictObject({ at: Instant, text: Bilingual })),
  })
  return strictObject({
    schema: picklist([1]),
    /** Increases by one with every write; a writer that read an older one tries again. */
    revision: pipe(number(), integer(), minValue(0)),
    /**
     * The sample's illustration (pages/monitoring/sample.ts), which only `npm run preview` serves, and
     * only while its folder has no document; a deploy never publishes it, and no writer keeps it.
     */
    sample: boolean(),
    updatedAt: Instant,
    /** The days of `days` and the times the page shows are in this zone. */
    timeZone: pipe(string(), regex(/^[A-Za-z_]+(\/[A-Za-z_+-]+)+$/)),
    components: array(Component),
    /** Newest first. */
    incidents: array(Incident),
    maintenance: array(Maintenance),
  })
})()
export type StatusDocument = InferOutput<typeof StatusDocument>
export type Bilingual = StatusDocument['incidents'][number]['title']
export type Day = StatusDocument['components'][number]['days'][number]
export type Incident = StatusDocument['incidents'][number]
export type Maintenance = StatusDocument['maintenance'][number]

/** The document, or why it is not one (`components.2.state: Invalid type…`). */
export function parseStatus(value: unknown): { doc: StatusDocument } | { error: string } {
  const parsed = safeParse(StatusDocument, value)
  if (parsed.success) return { doc: parsed.output }
  const issue = parsed.issues[0]
  return { error: `${issue.path?.map((p) => p.key).join('.') || '(root)'}: ${issue.message}` }
}

/** `2026-11-25`: the day of an instant in a time zone (the document's days are counted so). */
export function dayIn(ms: number, timeZone: string): string {
  // From the parts, never a locale's assumed pattern: the ICU of some engines writes en-CA as 11/01/2026.
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** The `count` dates ending with `last` (`YYYY-MM-DD`), oldest first. */
export function datesUntil(last: string, count: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`)
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  )
}
