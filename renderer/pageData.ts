import type { Messages } from '../locales/pickMessages'
import type { Guide, GuideSummary } from '../build/guides'

/** What a page needs to render: it is in the page's HTML and, for navigation, in its `_payload.json`. */
export interface PageData {
  messages: Messages
  /** Every article of the page's language: the guide index, and an article's sidebar. */
  guides?: GuideSummary[]
  /** A guide article, with its neighbours for previous/next links. */
  guide?: Guide & { previous?: GuideSummary; next?: GuideSummary }
}

/** The message area of a page: `/pages/contact-us` -> `contactUs`, `/pages/index` -> `home`. */
export function areaOf(pageId: string): string | null {
  const m = /^\/pages\/([^/]+)/.exec(pageId)
  if (!m || m[1] === '_error') return null
  if (m[1] === 'index') return 'home'
  return m[1]!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
}
