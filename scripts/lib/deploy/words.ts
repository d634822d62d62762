// What `npm run deploy` says to an operator, in English and Arabic, from the operators' catalog
// (locales/operator/commands.<lang>.json, `deploy.*`): the lines of a rollback, a prune, a refused
// or failed switch and an interruption, and how sizes and times are written. Build ids, commands and
// flags stay Latin in both. Every line is made in both languages; whoever prints it picks the
// operator's (`--lang`, DEPLOY_LANG), which it is handed: nothing here holds a language.
import type { Locale } from '../../../locales/locales'
import { listed, words } from '../cli/words'
import type { KeepReason, SwitchRecord } from './history'

/** A line in each language. */
export type Words = Record<Locale, string>

/** A failure of the deploy, said in the operator's language (exit 1). */
export class DeployError extends Error {}

/** No build to deploy (exit 2, as wrong usage): one line in the operator's language, without the usage. */
export class NoBuild extends Error {
  constructor(readonly text: Words) {
    super(text.en)
  }
}

/** Items joined by the language's list separator. */
export const ids = (list: readonly string[], lang: Locale) => listed(list, lang)

const reasonWords = (why: KeepReason, keep: number): Words =>
  words(
    (
      {
        deployed: 'deploy.keep.deployed',
        live: 'deploy.keep.live',
        target: 'deploy.keep.target',
        newest: 'deploy.keep.newest',
        recent: keep === 1 ? 'deploy.keep.recentOne' : 'deploy.keep.recent',
        uploading: 'deploy.keep.uploading',
      } as const
    )[why],
    { keep },
  )
const keptList = (kept: [string, KeepReason[]][], keep: number, lang: Locale) =>
  ids(
    kept.map(
      ([id, why]) =>
        `${id} (${ids(
          why.map((w) => reasonWords(w, keep)[lang]),
          lang,
        )})`,
    ),
    lang,
  )
const prunedList = (pruned: [string, number][], lang: Locale) =>
  ids(
    pruned.map(([id, files]) => words('deploy.prunedBuild', { id, files })[lang]),
    lang,
  )

type Switch = { to: string; commit: string; deployed: string; from: string; ms: number; total: string }

/** Sentences one after the other, in both languages; a `false` one is left out. */
function sentences(...parts: (Words | false)[]): Words {
  const given = parts.filter((p): p is Words => p !== false)
  return { en: given.map((p) => p.en).join(' '), ar: given.map((p) => p.ar).join(' ') }
}

/** The lines with more to them than one message of the catalog. */
export const text = {
  rolledBack: (a: Switch) => words('deploy.rolledBack', a),
  wentForward: (a: Switch) => words('deploy.wentForward', a),
  notComingBack: (from: string, before: string[]) =>
    before.length
      ? words('deploy.notComingBackBefore', (l) => ({ from, before: ids(before, l) }))
      : words('deploy.notComingBack', { from }),
  nextRollback: (to: string | undefined) =>
    to ? words('deploy.nextRollback', { to }) : words('deploy.nextRollbackNone'),
  alreadyLive: (id: string) => words('deploy.alreadyLive', { id }),
  dryRun: (from: string, to: string) => words('deploy.dryRun', { from, to }),
  nothingOlder: (live: string, withdrawn: string[]) =>
    withdrawn.length
      ? words(withdrawn.length > 1 ? 'deploy.nothingOlderWithdrawnMany' : 'deploy.nothingOlderWithdrawnOne', (l) => ({
          withdrawn: ids(withdrawn, l),
          live,
        }))
      : words('deploy.nothingOlder', { live }),
  unrecorded: (live: string, recorded: string) => words('deploy.unrecorded', { live, recorded }),
  conflict: (a: { now: string; live: string; was: string; to: string; kind: SwitchRecord['kind'] }) =>
    words(a.kind === 'deploy' ? 'deploy.conflictDeploy' : 'deploy.conflictRollback', {
      now: a.now,
      live: a.live,
      was: a.was,
      to: a.to,
    }),
  switchFailed: (to: string, why: string, live: string) => words('deploy.switchFailed', { to, why, live }),
  /** The last line of a failure before the switch: which build is live. */
  nothingSwitched: (live: string | undefined, again: boolean) =>
    live === undefined
      ? words('deploy.nothingSwitchedUnread')
      : sentences(words('deploy.nothingSwitched', { live }), again && words('deploy.runAgain')),
  /** The last line of a failure after the switch. */
  switchedThen: (to: string, from: string) => words('deploy.switchedThen', { to, from }),
  interrupted: (live: string | undefined) =>
    live === undefined ? words('deploy.interruptedUnread') : words('deploy.interrupted', { live }),
  interruptedAfter: (to: string, from: string, pruning: boolean, statusHost = false) =>
    sentences(
      words('deploy.interruptedAfter', { to, from }),
      statusHost && words('deploy.interruptedAfter.statusHost'),
      pruning && words('deploy.interruptedAfter.pruning'),
    ),
  interruptedDuring: (to: string, from: string) => words('deploy.interruptedDuring', { to, from }),
  finishingSwitch: words('deploy.finishingSwitch'),
  prunePlan: (kept: [string, KeepReason[]][], pruned: [string, number][], files: number, keep: number) =>
    words(pruned.length ? 'deploy.prunePlan' : 'deploy.prunePlanNone', (l) => ({
      keptCount: kept.length,
      kept: keptList(kept, keep, l),
      prunedCount: pruned.length,
      pruned: ids(
        pruned.map(([id]) => id),
        l,
      ),
      files,
    })),
  pruned: (kept: [string, KeepReason[]][], pruned: [string, number][], files: number, keep: number, dry: boolean) =>
    pruned.length
      ? words(dry ? 'deploy.wouldPrune' : 'deploy.pruned', (l) => ({
          prunedCount: pruned.length,
          pruned: prunedList(pruned, l),
          files,
          keptCount: kept.length,
          kept: keptList(kept, keep, l),
        }))
      : words('deploy.prunedNothing', (l) => ({ kept: keptList(kept, keep, l) })),
  liveChangedWhilePruning: (was: string, now: string) => words('deploy.liveChangedWhilePruning', { was, now }),
} satisfies Record<string, Words | ((...args: never[]) => Words)>

/** Sizes, durations and times, written the same in both languages. */
export const formatBytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(2)} MiB`
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
export const time = (at: number) => new Date(at).toISOString().replace(/\.\d+Z$/, 'Z')
