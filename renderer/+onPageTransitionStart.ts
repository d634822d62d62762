// https://vike.dev/onPageTransitionStart: runs before the next page's files are fetched.
import type { PageContextClient } from 'vike/types'
import { setNavigationTarget } from './runtime/chunkErrors'
import { isOutdated } from './runtime/updates'

export function onPageTransitionStart(pageContext: Partial<PageContextClient>) {
  const url = pageContext.urlOriginal!
  // A newer build is live: its pages need its code, so load the target as a document.
  if (isOutdated()) {
    location.assign(url)
    return new Promise<never>(() => {})
  }
  setNavigationTarget(url)
}
