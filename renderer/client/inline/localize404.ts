// The 404 page's script (docs/behaviour.md §6): inlined by build/postbuild.ts into every
// 404.html after its #root, bundled and minified by esbuild (build/inlineScript.ts) into an IIFE
// that calls localize404() with its config. It runs before the runtime starts, so it imports only
// pure code.
import { writeRequestedPath } from '../requestedPath'

export interface Localize404Config {
  /** The id of the `<template>` holding a language's markup, less the locale code (`l10n-root-`). */
  templatePrefix: string
  /** The title of each language whose markup the page carries in a template. */
  titles: Record<string, string>
}

/**
 * The host answers every unknown path with the one 404.html. The boot script (./boot.ts) has
 * already set <html lang dir> from the URL and hidden the page; this swaps in that language's
 * markup and title when the page carries them, writes the requested path into the message as text
 * (never as HTML), then shows the page.
 */
export function localize404({ templatePrefix, titles }: Localize404Config): void {
  const html = document.documentElement
  const root = document.getElementById('root')
  const template = document.getElementById(templatePrefix + html.lang)
  if (root) {
    if (template) {
      root.innerHTML = template.innerHTML
      const title = titles[html.lang]
      if (title) document.title = title
    }
    writeRequestedPath(root)
  }
  html.style.visibility = ''
}
