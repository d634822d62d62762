import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import type { PageContext } from 'vike/types'
import type { MessageId } from '../locales/messages'
import { intlLocale } from '../locales/intlLocale'
import { areaOf } from './pageData'
import { groupMessage } from '../build/guides'
import type { CardText } from '../build/cards/key'
import { locales } from '../locales/locales'
import { site } from '../site.config'

const cache = createIntlCache()
const intls = new WeakMap<object, IntlShape>()

/** An `intl` for code outside React (title, description): same locale and messages as the page. */
function pageIntl(pageContext: PageContext): IntlShape {
  const messages = pageContext.data?.messages ?? {}
  let intl = intls.get(messages)
  if (!intl) {
    intl = createIntl(
      { locale: intlLocale(pageContext.locale), messages: messages as Record<string, MessageFormatElement[]> },
      cache,
    )
    intls.set(messages, intl)
  }
  return intl
}

/** 404 for an unknown route or a failed guard, 500 for anything else that went wrong. */
export function errorStatus(pageContext: PageContext): 404 | 500 | null {
  if (pageContext.is404 || pageContext.abortStatusCode === 404) return 404
  if (
    pageContext.abortStatusCode !== undefined ||
    pageContext.errorWhileRendering ||
    pageContext.pageId === '/pages/_error'
  )
    return 500
  return null
}

/** The page's own title, without the brand that `site.titleTemplate` adds. */
function ownTitle(pageContext: PageContext): string {
  const intl = pageIntl(pageContext)
  const status = errorStatus(pageContext)
  const area = areaOf(pageContext.pageId ?? '')
  return status === 404
    ? intl.formatMessage({ id: 'error.notFound.title' })
    : status === 500
      ? intl.formatMessage({ id: 'error.server.title' })
      : (pageContext.data?.guide?.title ?? intl.formatMessage({ id: `${area}.meta.title` as MessageId }))
}

export function pageTitle(pageContext: PageContext): string {
  return pageIntl(pageContext).formatMessage({ id: 'site.titleTemplate' }, { page: ownTitle(pageContext) })
}

/**
 * What the page's social card shows (docs/cards.md): its own title, a short line (a guide's group,
 * else the description) and the brand; and the card's alternative text.
 */
export function pageCard(pageContext: PageContext): { text: CardText; alt: string } {
  const intl = pageIntl(pageContext)
  const { locale } = pageContext
  const title = ownTitle(pageContext)
  const group = errorStatus(pageContext) ? undefined : pageContext.data?.guide?.group
  return {
    text: {
      locale,
      dir: locales.find((l) => l.code === locale)!.dir,
      title,
      line: group ? intl.formatMessage({ id: groupMessage(group) }) : pageDescription(pageContext),
      brand: site.name[locale],
    },
    alt: intl.formatMessage({ id: 'site.cardAlt' }, { page: title }),
  }
}

export function pageDescription(pageContext: PageContext): string {
  const intl = pageIntl(pageContext)
  if (errorStatus(pageContext)) return intl.formatMessage({ id: 'error.meta.description' })
  const area = areaOf(pageContext.pageId ?? '')
  return pageContext.data?.guide?.description ?? intl.formatMessage({ id: `${area}.meta.description` as MessageId })
}
