// A thread that draws cards (./write.ts): it gets the cards to draw, answers each with its PNG.
import { parentPort, workerData } from 'node:worker_threads'
import { cardDrawer } from './draw'
import type { CardText } from './key'

export interface CardJob {
  file: string
  text: CardText
}
export type CardReply = { file: string; png: Uint8Array } | { error: string }

const { jobs, root } = workerData as { jobs: CardJob[]; root: string }
try {
  const draw = await cardDrawer(root)
  for (const { file, text } of jobs) {
    const png = draw(text)
    // Copied, not transferred: a small Buffer lives in Node's shared pool, which Node 24 will not transfer.
    parentPort!.postMessage({ file, png } satisfies CardReply)
  }
} catch (err) {
  parentPort!.postMessage({
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  } satisfies CardReply)
}
