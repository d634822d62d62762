// https://vike.dev/onBeforeRender: build time only. The page's social card (docs/cards.md): what it
// shows, and its address, named by a hash of everything that decides its pixels (build/cards/key.ts),
// so the head can name it before the post-build draws it (build/index.ts collects `card` from each
// prerendered page for build/cards/write.ts).
import type { PageContext } from 'vike/types'
import { cardFile } from '../build/cards/key'
import { site } from '../site.config'
import { pageCard } from './pageIntl'

export function onBeforeRender(pageContext: PageContext) {
  const { text, alt } = pageCard(pageContext)
  return { pageContext: { card: { text, alt, url: `${site.origin}/${cardFile(text)}` } } }
}
