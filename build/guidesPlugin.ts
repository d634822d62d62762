import type { Plugin } from 'vite'
import { guideSlugs, guidesRoot } from './guides'

/** `virtual:guide-slugs`: the list of guide slugs, for the client-side `guide` route guard. */
export function guidesPlugin(): Plugin {
  const id = 'virtual:guide-slugs'
  return {
    name: 'rasid:guides',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(source) {
      if (source !== `\0${id}`) return
      this.addWatchFile(guidesRoot)
      return `export const guideSlugs = ${JSON.stringify(guideSlugs())}`
    },
  }
}
