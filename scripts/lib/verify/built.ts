// The built folder as the checks of `npm run verify` read it (./index.ts): its files, and its HTML
// parsed once as a browser parses it (build/html.ts, parse5), so that a page edited by hand is read
// as the browser would read it; and the helpers every check shares.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, posix } from 'node:path'
import {
  attrs,
  elements,
  type HtmlDocument,
  is,
  parseHtml as parseDocument,
  parseHtmlFragment,
  textOf,
} from '../../../build/html'
import type { Alternate } from '../../../renderer/shared/pageLinks'
import { isNotFoundFile, servedKey } from '../../../renderer/shared/paths'

export type Report = (file: string, message: string) => void

export interface Tag {
  name: string
  attrs: Record<string, string>
}

export interface Html {
  /** The parsed document (none for a payload's body, a fragment). */
  parsed?: HtmlDocument
  /** The text of its first `<title>`, entities decoded; undefined without one. */
  title?: string
  /** Every element, those of `<template>` contents included, attribute names lower-cased, values decoded. */
  tags: Tag[]
  ids: Set<string>
  /** The CSS of its `<style>` elements and `style` attributes. */
  styles: string[]
}

/** The built folder: its files, its HTML parsed once. */
export interface Build {
  files: Set<string>
  /** Every `.html` file, 404 pages included. */
  html: Map<string, Html>
  /** The prerendered pages: the HTML files but the 404 pages. */
  pages: string[]
  read(file: string): string
}

export function loadBuild(dir: string): Build {
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => statSync(join(dir, f)).isFile())
  const read = (file: string) => readFileSync(join(dir, file), 'utf8')
  const html = new Map(
    files
      .filter((f) => f.endsWith('.html'))
      .sort()
      .map((f) => [f, parseHtml(read(f))] as const),
  )
  const pages = [...html.keys()].filter((f) => !isNotFoundFile(f))
  return { files: new Set(files), html, pages, read }
}

/** A page (or, with `fragment`, a payload's body, as `template.innerHTML` parses it) read once. */
export function parseHtml(text: string, { fragment = false } = {}): Html {
  const parsed = fragment ? undefined : parseDocument(text)
  const root = parsed ? parsed.document : parseHtmlFragment(text)
  const all = elements(root)
  const tags = all.map((el) => ({ name: el.tagName.toLowerCase(), attrs: attrs(el) }))
  const styles = all.filter(is('style')).map(textOf)
  for (const tag of tags) if (tag.attrs.style) styles.push(tag.attrs.style)
  const title = all.find(is('title'))
  return {
    parsed,
    title: title && textOf(title),
    tags,
    ids: new Set(tags.flatMap((t) => t.attrs.id ?? [])),
    styles,
  }
}

export const relOf = (tag: Tag) => (tag.attrs.rel ?? '').toLowerCase().split(/\s+/)
export const isLink = (tag: Tag, rel: string) => tag.name === 'link' && relOf(tag).includes(rel)
export const alternatesOf = (page: Html): Alternate[] =>
  page.tags
    .filter((t) => isLink(t, 'alternate') && t.attrs.hreflang !== undefined)
    .map((t) => ({ hreflang: t.attrs.hreflang!, href: t.attrs.href ?? '' }))
export const show = (value: unknown) => (value === undefined ? 'missing' : JSON.stringify(value).slice(0, 120))
export const decode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** The file the host serves for a decoded path, by the preview's rule (scripts/serve.ts). */
export const servedFile = (build: Build, path: string) => servedKey(path, (key) => build.files.has(key))

export const payloadFileOf = (page: string) => posix.join(posix.dirname(page), '_payload.json')
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export function readJson(build: Build, file: string): { value: unknown } | { error: string } {
  if (!build.files.has(file)) return { error: 'is missing' }
  try {
    return { value: JSON.parse(build.read(file)) }
  } catch (e) {
    return { error: `is not JSON (${(e as Error).message})` }
  }
}

export function latestBuildId(build: Build): string | undefined {
  const latest = readJson(build, 'builds/latest.json')
  const id = 'value' in latest && isRecord(latest.value) ? latest.value.id : undefined
  return typeof id === 'string' && id ? id : undefined
}
