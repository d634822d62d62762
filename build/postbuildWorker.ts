// The post-build's second thread (build/readPage.ts `pageReader`): makes the utility CSS while Vite
// builds, then reads the pages Vike prerenders as they come, taking each from the count it shares
// with the main thread, and writes their `_payload.json`; once the stylesheet is made, it writes the
// pages it read into dist/ (`write`), as the main thread writes its own.
import { parentPort, workerData } from 'node:worker_threads'
import { utilityCss } from './css'
import { type ReaderMessage, type ReaderReply, reading } from './readPage'

const {
  buildId,
  from,
  old,
  cssKey,
  claimed: shared,
} = workerData as { buildId: string; from: string; old: string | null; cssKey?: string; claimed: SharedArrayBuffer }
const claimed = new Int32Array(shared)
const port = parentPort!
const utilities = utilityCss(process.cwd(), cssKey)
utilities.catch(() => {}) // reported when the build asks for it
const mine = reading(buildId, from, old)
const received: { file: string; html: string }[] = []
/** Pages this thread took before they came (the main thread was taking pages too). */
const owed: number[] = []
let scheduled = false
let failed = false

const fail = (err: unknown) => {
  failed = true
  port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies ReaderReply)
}

const read = (i: number) => {
  try {
    mine.read(received[i]!.file, received[i]!.html)
  } catch (err) {
    fail(err)
  }
}

/** Reads the pages this thread took before they came, as far as they have come. */
function readOwed() {
  while (owed.length && owed[0]! < received.length) read(owed.shift()!)
}

/** Takes and reads one page that has come, then lets the next messages in. */
function work() {
  scheduled = false
  if (failed || Atomics.load(claimed, 0) >= received.length) return
  const i = Atomics.add(claimed, 0, 1)
  if (i < received.length) read(i)
  else owed.push(i)
  schedule()
}

function schedule() {
  if (scheduled || failed || Atomics.load(claimed, 0) >= received.length) return
  scheduled = true
  setImmediate(work)
}

port.on('message', (message: ReaderMessage) => {
  if (failed) return
  if (message.type === 'page') {
    received.push({ file: message.file, html: message.html })
    readOwed()
    schedule()
    return
  }
  if (message.type === 'write') {
    try {
      port.postMessage({
        type: 'written',
        files: mine.write(message.css, message.to),
      } satisfies ReaderReply)
    } catch (err) {
      fail(err)
    }
    return
  }
  // Every page has come, and the main thread has taken the rest.
  readOwed()
  if (failed) return
  Promise.all([utilities, mine.finish()]).then(
    ([css, { pages, shells, files }]) =>
      port.postMessage({ type: 'done', pages, shells, utilities: css, files: [files] } satisfies ReaderReply),
    fail,
  )
})
