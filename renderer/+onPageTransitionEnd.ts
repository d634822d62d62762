// https://vike.dev/onPageTransitionEnd
import { setNavigationTarget } from './runtime/chunkErrors'
import { watchLinks } from './runtime/prefetch'

export function onPageTransitionEnd() {
  setNavigationTarget(null)
  watchLinks()
}
