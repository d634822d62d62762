// https://vike.dev/onBeforePrerenderStart: only real slugs are prerendered (an unknown one is a 404).
import { guideSlugs } from '../../../build/guides'

export function onBeforePrerenderStart() {
  return guideSlugs().map((slug) => `/guide/${slug}`)
}
