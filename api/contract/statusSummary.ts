// The status summary (docs/status-api.md): Statuspage's `/api/v2/summary.json` as this site writes
// it, at /status/summary.json beside the document and its feeds, rewritten with each write. One
// small JSON an integrator or an on-call tool polls: the overall indicator, each component's state
// with its measured availability, the open incidents and the maintenance under way or to come, in
// both languages. api/status/summary.ts makes it from the document; its JSON Schema is served at
// /schemas/status-summary.json. Pure: valibot only.
import {
  array,
  boolean,
  type InferOutput,
  integer,
  maxValue,
  minLength,
  minValue,
  number,
  optional,
  picklist,
  pipe,
  regex,
  strictObject,
  string,
} from 'valibot'
import { componentKeys, impacts, stages } from './status'
import { componentStates } from './statusRules'

/**
 * The overall indicator, as Statuspage names it, from the worst state of any component now:
 * `none` (all operational), `maintenance` (the worst is a maintenance under way), `minor` (degraded
 * performance), `major` (a partial outage), `critical` (a major outage).
 */
const summaryIndicators = ['none', 'maintenance', 'minor', 'major', 'critical'] as const
export type SummaryIndicator = (typeof summaryIndicators)[number]

export const StatusSummary = /* @__PURE__ */ (() => {
  const Text = pipe(string(), regex(/\S/))
  const Bilingual = strictObject({ en: Text, ar: Text })
  const Url = pipe(string(), regex(/^https?:\/\/\S+$/))
  const Urls = strictObject({ en: Url, ar: Url })
  const Instant = pipe(string(), regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/))
  const Id = pipe(string(), regex(/^[a-z0-9][a-z0-9-]{0,63}$/))
  const Components = pipe(array(picklist(componentKeys)), minLength(1))

  const Component = strictObject({
    key: picklist(componentKeys),
    name: Bilingual,
    /** Its state at `generatedAt`: what operators report, and the probe's verdict only while fresh. */
    state: picklist(componentStates),
    /** Whether a check measures it (the probe); `false`: no availability figure, "not measured". */
    measured: boolean(),
    /** Percent of the measured minutes of the last 90 days it was available (99.9861), when measured. */
    availability: optional(pipe(number(), minValue(0), maxValue(100))),
    /** Its last measurement, when measured. */
    measuredAt: optional(Instant),
    /** Whether that measurement is over 10 minutes old at `generatedAt`: no longer taken as its state. */
    stale: optional(boolean()),
  })

  const Incident = strictObject({
    id: Id,
    impact: picklist(impacts),
    components: Components,
    title: Bilingual,
    /** The stage of its latest update (never `resolved`: resolved incidents are not listed). */
    stage: picklist(stages),
    /** Its first update's time. */
    startedAt: Instant,
    /** Its latest update's time. */
    updatedAt: Instant,
    /** Its latest update's text. */
    text: Bilingual,
    /** The incident on the monitoring page of each language. */
    url: Urls,
  })

  const Maintenance = strictObject({
    id: Id,
    components: Components,
    from: Instant,
    to: Instant,
    title: Bilingual,
    text: Bilingual,
    /** `true`: under way at `generatedAt`; `false`: still to come. */
    active: boolean(),
  })

  return strictObject({
    schema: picklist([1]),
    /** The moment the states and `active` were reckoned: the write that made this summary. */
    generatedAt: Instant,
    /** The build's illustration, never published: `true` only in a preview without a document. */
    sample: boolean(),
    page: strictObject({
      /** The monitoring page in each language. */
      url: Urls,
      /** The Atom feeds of the incidents, per language. */
      feed: Urls,
      /** When the status document was last written. */
      updatedAt: Instant,
      /** When anything was last measured; absent when nothing ever was. */
      measuredAt: optional(Instant),
      /** The document's revision: goes up by one with each write. */
      revision: pipe(number(), integer(), minValue(0)),
    }),
    status: strictObject({
      indicator: picklist(summaryIndicators),
      description: Bilingual,
    }),
    /** Every component, in the order the page lists them. */
    components: array(Component),
    /** The open incidents, newest first. */
    incidents: array(Incident),
    /** Maintenance under way, then to come, each by start; cancelled and past windows are left out. */
    maintenance: array(Maintenance),
  })
})()
export type StatusSummary = InferOutput<typeof StatusSummary>
