// dist/ from one build to the next. The last build's dist/ is set aside when a build starts
// (`setAside`), the pages' files are written over its files where they were (`fileWriter`), what the
// new build did not write is swept out of the folders it took over (`sweep`), and what is left of the
// old folder is deleted without waiting (`deleteAside`).
//
// Why not a new folder each time: on ext4 (Linux's usual file system), a file created just after
// thousands were deleted costs a scan past each of them (the kernel's inode allocator skips an inode
// freed within the last minutes). At 2,000 guides a language a build deletes and creates 16,000
// files and folders: deleting dist/ and writing it anew took 3-10 s of kernel time, half the build.
// Renaming a folder and writing over a file keep their inodes.
import { spawn } from 'node:child_process'
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { basename, dirname, join, posix, resolve } from 'node:path'

/**
 * Renames the last build's `dir` aside (`<dir>.old-<pid>`) and returns where, or null where there was
 * none (or it could not be renamed: then it is deleted). What an earlier build left aside (a build
 * that failed) is deleted first.
 */
export function setAside(dir: string): string | null {
  const parent = dirname(resolve(dir))
  const prefix = `${basename(dir)}.old`
  for (const name of readdirSync(parent))
    if (name === prefix || name.startsWith(`${prefix}-`))
      rmSync(join(parent, name), { recursive: true, force: true, maxRetries: 5 })
  const aside = join(parent, `${prefix}-${process.pid}`)
  try {
    renameSync(dir, aside)
    return aside
  } catch {
    rmSync(dir, { recursive: true, force: true })
    return null
  }
}

/**
 * Deletes what is left of the folder set aside, in a process of its own that the build does not wait
 * for (on Windows, here).
 */
export function deleteAside(aside: string | null): Promise<void> {
  if (!aside) return Promise.resolve()
  if (process.platform === 'win32') return rm(aside, { recursive: true, force: true })
  spawn('rm', ['-rf', '--', aside], { detached: true, stdio: 'ignore' }).unref()
  return Promise.resolve()
}

/** What a `fileWriter` did: the files it wrote and the folders it took over, by their keys under its root. */
export interface WrittenFiles {
  written: string[]
  recycled: string[]
}

/**
 * Writes files by their keys under `root` (`ar/pricing/_payload.json`), synchronously: each thread
 * that writes has nothing else to do meanwhile, and at 4,000 pages the promise API's open, write and
 * close, each a round trip through libuv's pool, cost about a second of the reader's thread.
 *
 * A folder a file goes into is made once: taken over from `old` (the last build's dist/, set aside)
 * when it has a folder of that key, with what that holds; the files there are written over, and what
 * this build does not write is swept afterwards (`sweep`). Files and folders are the pages' only
 * (index.html, _payload.json, 404.html): the other files of dist/ (assets, cards, search) are not
 * written through here.
 */
export function fileWriter(root: string, old: string | null = null) {
  const dirs = new Set<string>(['.'])
  const written: string[] = []
  const recycled: string[] = []
  const dir = (key: string) => {
    if (dirs.has(key)) return
    dir(posix.dirname(key))
    const to = join(root, key)
    if (old && takeOver(join(old, key), to)) recycled.push(key)
    else mkdirSync(to, { recursive: true })
    dirs.add(key)
  }
  return {
    write(key: string, text: string) {
      dir(posix.dirname(key))
      writeFileSync(join(root, key), text)
      written.push(key)
    },
    done: (): WrittenFiles => ({ written, recycled }),
  }
}

/**
 * Moves the old folder `from` to `to`: false where `from` is not a folder, or `to` is there already
 * with something in it (another thread took it over first, or Vite's public files made it).
 */
function takeOver(from: string, to: string): boolean {
  try {
    if (!lstatSync(from).isDirectory()) return false
    renameSync(from, to)
    return true
  } catch {
    return false
  }
}

/**
 * Deletes, from the folders the writers took over (`recycled`) and everything under them, what no
 * writer wrote this build: the files and folders of pages the last build had and this one has not.
 * Returns the keys deleted.
 */
export function sweep(root: string, writes: readonly WrittenFiles[]): string[] {
  const kept = new Set<string>()
  const folders = new Set<string>()
  for (const { written } of writes)
    for (const key of written) {
      kept.add(key)
      for (let d = posix.dirname(key); d !== '.' && !folders.has(d); d = posix.dirname(d)) folders.add(d)
    }
  const deleted: string[] = []
  const visit = (key: string) => {
    for (const entry of readdirSync(join(root, key), { withFileTypes: true })) {
      const child = `${key}/${entry.name}`
      if (entry.isDirectory()) {
        if (folders.has(child)) visit(child)
        else {
          rmSync(join(root, child), { recursive: true, force: true })
          deleted.push(`${child}/`)
        }
      } else if (!kept.has(child)) {
        unlinkSync(join(root, child))
        deleted.push(child)
      }
    }
  }
  // Each was taken over to write into it: it is a folder of a written file.
  for (const key of new Set(writes.flatMap((w) => w.recycled))) visit(key)
  return deleted.sort()
}
