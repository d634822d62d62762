// The build refuses a dist/ the host cannot serve (build/postbuild.ts), naming the file and why.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { unservableFiles, unservablePage } from '../../build/postbuild'

const dir = mkdtempSync(join(tmpdir(), 'rasid-dist-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('a file whose extension has no Content-Type fails the build; host files are not served, so they pass', () => {
  for (const file of [
    'index.html',
    '_headers',
    'assets/a.js',
    'assets/site.css',
    'robots.txt',
    'assets/x.woff2',
    'assets/data.bin',
    'LICENSE',
  ]) {
    mkdirSync(join(dir, file, '..'), { recursive: true })
    writeFileSync(join(dir, file), '')
  }
  expect(unservableFiles(dir)).toEqual([
    'LICENSE: its extension "" is not one of fileTypes in renderer/shared/paths.ts, so the host has no Content-Type for it: add the type there, or do not emit the file',
    'assets/data.bin: its extension ".bin" is not one of fileTypes in renderer/shared/paths.ts, so the host has no Content-Type for it: add the type there, or do not emit the file',
  ])
})

test('a page whose path reads as a file fails the build; a dot elsewhere in a page path is fine', () => {
  expect(unservablePage('guide/v1.json/index.html')).toEqual([
    'guide/v1.json/index.html: the page /guide/v1.json ends in ".json", so the host would serve it as a file and answer 404: rename the route',
  ])
  expect(unservablePage('guide/v1.2/index.html')).toEqual([])
  expect(unservablePage('ar/index.html')).toEqual([])
  expect(unservablePage('index.html')).toEqual([])
})
