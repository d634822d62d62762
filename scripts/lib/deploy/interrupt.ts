// Ctrl-C (SIGINT) or SIGTERM during a deploy or a rollback: the last line says which build is
// live, and the exit code is 130 or 143 (docs/deploy.md, "How a deploy works").
import type { Locale } from '../../../locales/locales'
import type { RunState } from './deployer'
import { text } from './words'

/** The longest an interruption waits for a switch under way to be written and recorded. */
const SWITCH_GRACE_MS = 20_000

/**
 * Listens for SIGINT and SIGTERM until the returned function is called. Before the switch nothing
 * a visitor sees has changed (the build's files wait in the bucket, its record marked incomplete);
 * a switch under way is let finish its write, record and error document first (for at most
 * SWITCH_GRACE_MS), so that the history a plain `--rollback` reads stays whole.
 */
export function onInterrupt(state: RunState, lang: Locale): () => void {
  let stopping = false
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    const code = signal === 'SIGINT' ? 130 : 143
    const finish = (timedOut: boolean) => {
      const { switching, switched } = state
      const line =
        timedOut && switching
          ? text.interruptedDuring(switching.to, switching.from)
          : switched
            ? text.interruptedAfter(switched.to, switched.from, state.pruning, Boolean(state.statusHost))
            : text.interrupted(state.read ? (state.live ?? 'none') : undefined)
      process.stderr.write(`\n${line[lang]}\n`)
      process.exit(code)
    }
    const switching = state.switching
    if (!switching) return finish(false)
    process.stderr.write(`\n${text.finishingSwitch[lang]}\n`)
    const grace = setTimeout(() => finish(true), SWITCH_GRACE_MS)
    void switching.done.then(() => {
      clearTimeout(grace)
      finish(false)
    })
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
  return () => {
    process.off('SIGINT', handler)
    process.off('SIGTERM', handler)
  }
}
