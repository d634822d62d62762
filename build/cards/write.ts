// The post-build's cards (docs/cards.md): every page's card into dist/assets/cards/, each drawn once
// per content change. A card's name is its cache key (./key.ts), so a card in the cache
// (node_modules/.cache/rasid-cards/, shared by every copy of the project, like build/css.ts's
// font subsets) is copied, not drawn; the rest are drawn in worker threads (./worker.ts), the build's
// two cores shared with the post-build's own work.
import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { basename, join } from 'node:path'
import { CARD_BUDGET, CARDS_DIR, type CardText, cardFile } from './key'
import type { CardJob, CardReply } from './worker'
import { buildThread } from '../thread'

/** Cards per worker below which one more thread costs more (its start: faces, resvg) than it saves. */
const PER_WORKER = 24

export interface CardsWritten {
  cards: number
  drawn: number
  cached: number
  ms: number
}

/** The cache folder; `CARDS_CACHE` overrides it (the bench's cold build). */
const cardCache = (root = process.cwd()) =>
  process.env.CARDS_CACHE || join(root, 'node_modules', '.cache', 'rasid-cards')

/** Writes the cards of `texts` (one per distinct card) into `dist`, and says so in one line. */
export async function writeCards(
  dist: string,
  texts: readonly CardText[],
  root = process.cwd(),
): Promise<CardsWritten> {
  const start = performance.now()
  const cache = cardCache(root)
  mkdirSync(cache, { recursive: true })
  mkdirSync(join(dist, CARDS_DIR), { recursive: true })
  const jobs = new Map<string, CardJob>()
  for (const text of texts) {
    const file = cardFile(text)
    if (!jobs.has(file)) jobs.set(file, { file, text })
  }
  const todo: CardJob[] = []
  for (const job of jobs.values()) {
    const cached = join(cache, basename(job.file))
    if (existsSync(cached)) place(cached, join(dist, job.file))
    else todo.push(job)
  }
  // Each written to a temporary name first: a build stopped half-way leaves no torn card in the cache.
  const keep = (file: string, png: Uint8Array) => {
    if (png.length > CARD_BUDGET) throw new Error(`${file}: ${png.length} bytes, over the cards' ${CARD_BUDGET}`)
    const cached = join(cache, basename(file))
    const partial = `${cached}.${process.pid}.tmp`
    writeFileSync(partial, png)
    renameSync(partial, cached)
    writeFileSync(join(dist, file), png)
  }
  const threads = Math.min(Math.max(1, availableParallelism()), Math.ceil(todo.length / PER_WORKER))
  await Promise.all(
    Array.from({ length: threads }, (_, i) =>
      drawIn(
        todo.filter((_, k) => k % threads === i),
        root,
        keep,
      ),
    ),
  )
  const ms = performance.now() - start
  const written = { cards: jobs.size, drawn: todo.length, cached: jobs.size - todo.length, ms }
  console.log(
    `cards: ${written.cards} (${written.drawn} drawn, ${written.cached} from cache) in ${(ms / 1000).toFixed(1)} s`,
  )
  return written
}

/**
 * A cached card into dist/: a hard link (a thousand copies were half a second of a warm build), a
 * copy where the cache is on another file system or links are refused. The cache's files are never
 * written in place (a new card is renamed over), so dist/ keeps what it linked.
 */
function place(cached: string, to: string) {
  try {
    linkSync(cached, to)
  } catch {
    copyFileSync(cached, to)
  }
}

/** Draws `jobs` in a worker thread, handing each PNG to `keep` as it comes. */
function drawIn(jobs: CardJob[], root: string, keep: (file: string, png: Uint8Array) => void): Promise<void> {
  const worker = buildThread('cards/worker', { jobs, root })
  return new Promise((resolve, reject) => {
    let left = jobs.length
    worker.on('message', (reply: CardReply) => {
      if ('error' in reply) {
        reject(new Error(`a card worker failed: ${reply.error}`))
        void worker.terminate()
        return
      }
      try {
        keep(reply.file, reply.png)
      } catch (err) {
        reject(err)
        void worker.terminate()
        return
      }
      if (--left === 0) void worker.terminate().then(() => resolve())
    })
    worker.on('error', reject)
    worker.on('exit', (code) => {
      if (left > 0) reject(new Error(`a card worker stopped with ${left} cards to draw (exit code ${code})`))
    })
  })
}
