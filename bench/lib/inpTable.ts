// The table `npm run bench -- --inp` prints for each calibrated tier (./inpBench.ts): every
// island page's two moments beside the one-field floor measured at the same rate, and whether each row
// is under the tier's goal. Pure (tests/unit/bench/inpTable.test.ts).

/** Event Timing reports no interaction under 16 ms: shown as "<16". */
export const ms = (n: number) => (n < 16 ? '<16' : String(Math.round(n)))

/** The page of one text field at the tier's rate (medians over the tier's loads, ms). */
export interface FloorRow {
  /** The worst of taps every 40 ms for 1.5 s: the floor under the first moment. */
  taps: number
  /** One tap. */
  tap: number
  /** The worst interaction of any of its loads. */
  worst: number
}

/** One island page in one language at the tier's rate (medians, ms). */
export interface IslandRow {
  page: string
  /** The worst tap while the island loads and hydrates. */
  firstTap: number
  /** The longest task in that window. */
  longTask: number
  /** The worst of the visitor's own steps once hydrated. */
  hydrated: number
  /** The same first tap on the page without its scripts. */
  noScript: number
  /** The one-field page, loaded beside this page's loads (worst of taps / one tap). */
  floor: { taps: number; tap: number }
  /** The worst interaction of any load. */
  worst: number
}

export type Moment = 'first tap' | 'hydrated'

/** The moments of a row at or over `goal` (a goal is "under N ms"). */
export const over = (goal: number, moments: Partial<Record<Moment, number>>): Moment[] =>
  (Object.entries(moments) as [Moment, number][]).filter(([, v]) => v >= goal).map(([m]) => m)

const verdict = (missed: Moment[]) =>
  missed.length === 0 ? 'yes' : missed.length === 2 ? 'no: both' : `no: ${missed[0]}`

/** The tier's table: its head, its rows (the one-field page first), and the rows over the goal. */
export function tierTable(goal: number, floor: FloorRow, rows: IslandRow[]) {
  const head = [
    'page',
    'first tap',
    'hydrated',
    'one field (taps / tap)',
    'no script',
    'longest task',
    'worst of all',
    `under ${goal} ms`,
  ]
  const floorMissed = over(goal, { 'first tap': floor.taps })
  const body = [
    [
      '(one field)',
      ms(floor.taps),
      '-',
      `${ms(floor.taps)} / ${ms(floor.tap)}`,
      '-',
      '-',
      ms(floor.worst),
      verdict(floorMissed),
    ],
  ]
  const missing: { page: string; moments: Moment[] }[] = []
  for (const r of rows) {
    const moments = over(goal, { 'first tap': r.firstTap, hydrated: r.hydrated })
    if (moments.length) missing.push({ page: r.page, moments })
    body.push([
      r.page,
      ms(r.firstTap),
      ms(r.hydrated),
      `${ms(r.floor.taps)} / ${ms(r.floor.tap)}`,
      ms(r.noScript),
      String(Math.round(r.longTask)),
      ms(r.worst),
      verdict(moments),
    ])
  }
  return { head, rows: body, missing, floorMissed: floorMissed.length > 0 }
}
