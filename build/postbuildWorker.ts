// The post-build's second core (build/readPage.ts `pageReader`): makes the utility CSS while Vite
// builds, then reads each page Vike prerenders as it comes and writes its `_payload.json`.
import { parentPort, workerData } from 'node:worker_threads'
import { utilityCss } from './css'
import { shellMaker } from './payloads'
import { fileWriter, payloadFile, type ReaderMessage, type ReaderReply, type ReadPage, readPage } from './readPage'

const { buildId, from } = workerData as { buildId: string; from: string }
const port = parentPort!
const utilities = utilityCss()
utilities.catch(() => {}) // reported when the build asks for it
const shells = shellMaker()
const pages: ReadPage[] = []
const files = fileWriter()
let failed = false

const fail = (err: unknown) => {
  failed = true
  port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies ReaderReply)
}

port.on('message', (message: ReaderMessage) => {
  if (failed) return
  if (message.type === 'page') {
    try {
      const { read, payload } = readPage(message.file, message.html, buildId, shells)
      pages.push(read)
      if (payload) files.write(payloadFile(from, message.file), JSON.stringify(payload))
    } catch (err) {
      fail(err)
    }
    return
  }
  Promise.all([utilities, files.settled()]).then(
    ([css]) => port.postMessage({ type: 'done', pages, shells: shells.done(), utilities: css } satisfies ReaderReply),
    fail,
  )
})
