// The status part's classes (renderer/client/statusView.ts), as data: the page embeds them beside
// its messages, so the browser's code carries none of them (its JavaScript budget is 15 KiB), and
// UnoCSS finds them here (build/css.ts scans pages/).
import type { StatusStyle } from '../../renderer/client/statusView'

export const statusStyle: StatusStyle = {
  h2: 'text-2xl font-bold text-neutral-900 dark:text-white',
  h3: 'ink-strong',
  head: 'flex flex-wrap items-end justify-between gap-3',
  tag: 'ms-3 rounded-full bg-neutral-100 px-2.5 py-0.5 align-middle text-xs font-semibold text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300',
  // Two lines (the time and the measurement) kept while there is no document: no layout shift.
  updated: 'min-h-10 text-sm text-neutral-500 dark:text-neutral-400',
  warn: 'block font-medium text-warning-800 dark:text-warning-200',
  // The overall state first: a banner coloured by it.
  summary: 'mt-4 flex min-h-18 items-center gap-3 rounded-2xl border px-5 py-4 text-lg font-semibold',
  alarm:
    'border-warning-300 bg-warning-50 text-warning-900 dark:border-warning-700 dark:bg-warning-950 dark:text-warning-100',
  ok: 'border-primary-300 bg-primary-50 text-primary-900 dark:border-primary-800 dark:bg-primary-950 dark:text-primary-100',
  neutral:
    'border-neutral-200 bg-neutral-50 text-neutral-800 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-200',
  icon: 'size-7 shrink-0',
  links: 'mt-2 text-sm ink-muted',
  link: 'font-medium text-primary-700 underline dark:text-primary-400',
  list: 'mt-4 divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900',
  legend: 'mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm ink-muted',
  legendItem: 'inline-flex items-center gap-1.5',
  swatch: 'size-3',
  row: 'p-4',
  rowHead: 'st-row-head',
  state: 'st-state',
  stateIcon: 'size-4',
  bars: 'mt-3',
  svg: 'h-7 w-full',
  // Stale measurements: the bars dimmed (their text keeps its contrast).
  staleSvg: 'h-7 w-full opacity-60',
  scale: 'st-scale',
  section: 'mt-12',
  lastSection: 'mt-16',
  cards: 'mt-4 grid gap-4',
  incidents: 'mt-6 grid gap-6',
  card: 'rounded-xl border border-neutral-200 p-5 dark:border-neutral-800',
  cardHead: 'flex flex-wrap items-center justify-between gap-2',
  pill: 'rounded-full px-2.5 py-0.5 text-xs font-semibold',
  maintenance: 'bg-secondary-100 text-secondary-900 dark:bg-secondary-900 dark:text-secondary-100',
  open: 'bg-warning-100 text-warning-900 dark:bg-warning-900 dark:text-warning-100',
  closed: 'bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-200',
  meta: 'mt-1 text-sm text-neutral-500 dark:text-neutral-400',
  body: 'mt-2 text-neutral-700 dark:text-neutral-300',
  empty: 'mt-6 ink-muted',
  // No document yet: the components' names in two columns, no bars.
  nameList: 'mt-4 grid gap-x-8 rounded-xl border border-neutral-200 px-5 py-2 sm:grid-cols-2 dark:border-neutral-800',
  nameRow: 'border-b border-neutral-100 py-2.5 dark:border-neutral-800',
  updates: 'mt-4 grid gap-4 border-s-2 border-neutral-200 ps-4 dark:border-neutral-700',
  update: 'relative',
  dot: 'absolute -start-[1.4rem] top-1.5 size-2.5 rounded-full bg-neutral-400 dark:bg-neutral-500',
  when: 'text-sm',
  stage: 'ink-strong',
  time: 'text-neutral-500 dark:text-neutral-400',
  text: 'mt-0.5 text-neutral-700 dark:text-neutral-300',
  // Each state's bar fill, text colour and icon; `none`, a day without data, only its fill.
  states: {
    operational: ['fill-primary-500', 'text-primary-700 dark:text-primary-400', 'i-lucide-circle-check'],
    degraded: ['fill-warning-400', 'text-warning-700 dark:text-warning-300', 'i-lucide-circle-alert'],
    partial: ['fill-orange-500', 'text-orange-700 dark:text-orange-300', 'i-lucide-circle-alert'],
    major: ['fill-error-600', 'text-error-700 dark:text-error-300', 'i-lucide-circle-x'],
    maintenance: ['fill-secondary-500', 'text-secondary-700 dark:text-secondary-300', 'i-lucide-wrench'],
    none: ['fill-neutral-200 dark:fill-neutral-700', '', ''],
  },
  // The summary's icon: a problem, all well, no document.
  alarmIcon: 'i-lucide-circle-alert',
  okIcon: 'i-lucide-circle-check',
  neutralIcon: 'i-lucide-info',
}
