import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { htmlOfPath } from '../../renderer/shared/paths'

// The JavaScript a first visit requests with no interaction (gzip -9 of the files as deployed):
// the light runtime alone on a page without islands; React and the island on a page with one. Each
// page's first load is measured in tests/e2e/pages.spec.ts, against these budgets.
//
// The budgets: 15 KiB for a page without islands (the runtime), 15.5 KiB for /monitoring (its live
// status part is the runtime's own module, renderer/client/statusPage.ts, with the status rules and
// words it shares with the banner: 15,691 B), and 96 KiB for a page with islands (React, react-dom and the island: /checkout
// 97,609 B, /contact-us 97,382 B, with the banner's names of sixteen status components). What the island pages carry besides React: the Intl worker
// (about 0.4 KiB, taking ICU's 100-300 ms load off the main thread before an island hydrates), the
// replay of what was typed before hydration (0.45 KiB), the table of each island's chunks asked for a
// link per task and the island's hold on events until it has hydrated (1.4 KiB), the status rules
// the checkout's banner shares with /monitoring (0.5 KiB), the riyal sign's accessible name and the
// sales form's bands per market, the checkout's order controls and its empty cart's two plans.
// docs/performance.md says why each is there.
const KiB = 1024

/** Whether the built page places an island (renderer/islands/Island.tsx): only those may load React. */
export const hasIsland = (url: string) => {
  try {
    return readFileSync(join('dist', htmlOfPath(url)), 'utf8').includes('data-island=')
  } catch {
    return false
  }
}

/** The page's budget, in bytes of gzip -9. */
export const budgetOf = (url: string) => (hasIsland(url) ? 96 * KiB : /\/monitoring$/.test(url) ? 15.5 * KiB : 15 * KiB)
