import type { CardText } from '../build/cards/key'
import type { Locale } from '../locales/locales'
import type { PageData } from './pageData'
import type { PageMeta } from './pageMeta'

declare global {
  namespace Vike {
    interface PageContext {
      /** Set by +onBeforeRoute from the URL's prefix. */
      locale: Locale
      /** The URL without its locale prefix: `/ar/pricing?x=1` -> `/pricing?x=1`. */
      urlLogical: string
      data: PageData
      /** The page's social card (renderer/+onBeforeRender.ts, docs/cards.md). */
      card: { text: CardText; alt: string; url: string }
    }
    interface Config {
      pageMeta?: PageMeta
    }
  }
}
