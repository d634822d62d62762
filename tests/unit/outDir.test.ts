// build/outDir.ts: a build writes its pages over the last build's files (their inodes kept), and what
// the last build had and this one has not is swept out. Temporary folders, no build.
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { fileWriter, setAside, sweep } from '../../build/outDir'

let root: string
const put = (file: string, text: string) => {
  mkdirSync(join(file, '..'), { recursive: true })
  writeFileSync(file, text)
}
/** Every file under `dir` with its text, by key. */
const tree = (dir: string) =>
  Object.fromEntries(
    (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => statSync(join(dir, f)).isFile())
      .sort()
      .map((f) => [relative(dir, join(dir, f)).split('\\').join('/'), readFileSync(join(dir, f), 'utf8')]),
  )

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rasid-out-dir-'))
  // The last build: two guides in each language, an asset, the cards' cache linked in.
  for (const p of ['', 'ar/', 'guide/', 'guide/a/', 'guide/gone/', 'ar/guide/a/']) {
    put(join(root, 'dist', p, 'index.html'), `old ${p}`)
    put(join(root, 'dist', p, '_payload.json'), `old ${p}`)
  }
  put(join(root, 'dist', 'ar', '404.html'), 'old 404')
  put(join(root, 'dist', 'assets', 'x.js'), 'old asset')
  put(join(root, 'cache', 'card.png'), 'card')
  mkdirSync(join(root, 'dist', 'assets', 'cards'))
  linkSync(join(root, 'cache', 'card.png'), join(root, 'dist', 'assets', 'cards', 'card.png'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

test('the pages are written over the last build’s files, and what this build has not is swept out', () => {
  const aside = setAside(join(root, 'dist'))
  expect(aside).toBe(join(root, `dist.old-${process.pid}`))
  expect(existsSync(join(root, 'dist'))).toBe(false)
  const old = statSync(join(aside!, 'guide', 'a', 'index.html')).ino

  // Two writers, as the reader's thread and the main thread: payloads first, in the new tree.
  const out = join(root, 'new')
  mkdirSync(join(out, 'assets'), { recursive: true })
  writeFileSync(join(out, 'assets', 'y.js'), 'new asset')
  const a = fileWriter(out, aside)
  const b = fileWriter(out, aside)
  a.write('guide/a/_payload.json', 'new guide a')
  b.write('ar/guide/a/_payload.json', 'new ar guide a')
  b.write('guide/b/_payload.json', 'new guide b')
  a.write('_payload.json', 'new home')
  // Then the HTML, by a third.
  const c = fileWriter(out, aside)
  for (const key of ['index.html', 'guide/a/index.html', 'guide/b/index.html', 'ar/guide/a/index.html', 'ar/404.html'])
    c.write(key, `new ${key}`)
  // The guides' folder was taken over whole: its page folders came with it.
  expect([a.done().recycled, b.done().recycled, c.done().recycled]).toEqual([['guide'], ['ar'], []])
  expect(statSync(join(out, 'guide', 'a', 'index.html')).ino).toBe(old)

  const deleted = sweep(out, [a.done(), b.done(), c.done()])
  expect(deleted).toEqual([
    'ar/_payload.json',
    'ar/index.html',
    'guide/_payload.json',
    'guide/gone/',
    'guide/index.html',
  ])
  expect(tree(out)).toEqual({
    '_payload.json': 'new home',
    'ar/404.html': 'new ar/404.html',
    'ar/guide/a/_payload.json': 'new ar guide a',
    'ar/guide/a/index.html': 'new ar/guide/a/index.html',
    'assets/y.js': 'new asset',
    'guide/a/_payload.json': 'new guide a',
    'guide/a/index.html': 'new guide/a/index.html',
    'guide/b/_payload.json': 'new guide b',
    'guide/b/index.html': 'new guide/b/index.html',
    'index.html': 'new index.html',
  })
  // What was not taken over stays in the old folder, to be deleted; the card's cache is untouched.
  expect(tree(aside!)).toEqual({
    '_payload.json': 'old ',
    'assets/cards/card.png': 'card',
    'assets/x.js': 'old asset',
    'index.html': 'old ',
  })
  expect(readFileSync(join(root, 'cache', 'card.png'), 'utf8')).toBe('card')
})

test('with no last build, or a file where a folder goes, the folders are made anew', () => {
  rmSync(join(root, 'dist'), { recursive: true })
  expect(setAside(join(root, 'dist'))).toBeNull()
  const fresh = fileWriter(join(root, 'new'), null)
  fresh.write('guide/a/index.html', 'a')
  expect(fresh.done()).toEqual({ written: ['guide/a/index.html'], recycled: [] })

  put(join(root, 'old', 'pricing'), 'a file, not a folder')
  const w = fileWriter(join(root, 'new2'), join(root, 'old'))
  w.write('pricing/index.html', 'pricing')
  expect(w.done().recycled).toEqual([])
  expect(tree(join(root, 'new2'))).toEqual({ 'pricing/index.html': 'pricing' })
  expect(sweep(join(root, 'new2'), [w.done()])).toEqual([])
})

test('what an earlier build left aside is deleted first', () => {
  put(join(root, 'dist.old-1', 'index.html'), 'left by a failed build')
  put(join(root, 'dist.old', 'index.html'), 'left by an older build')
  setAside(join(root, 'dist'))
  expect(readdirSync(root).sort()).toEqual(['cache', `dist.old-${process.pid}`])
})
