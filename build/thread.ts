// A worker thread of the build's, by its module's path under build/ without the extension
// ('postbuildWorker', 'searchWorker', 'cards/worker'): bundled by build/run.mjs beside the build
// (<name>.mjs, the same tree as build/), or from the sources through tsx's loader when the build
// runs with tsx (`npx tsx build/index.ts`, the tests' project copies).
import { Worker } from 'node:worker_threads'

export function buildThread(name: string, workerData: unknown): Worker {
  const here = import.meta.url
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.mjs`, here), { workerData })
  const source = JSON.stringify(new URL(`./${name}.ts`, here).href)
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${source}) })`, {
    eval: true,
    workerData,
  })
}
