import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import type { PageContext } from 'vike/types'
import type { MessageId } from '../locales/messages'
import { intlLocale } from '../locales/intlLocale'
import { areaOf } from './pageData'

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

export function pageTitle(pageContext: PageContext): string {
  const intl = pageIntl(pageContext)
  const status = errorStatus(pageContext)
  const area = areaOf(pageContext.pageId ?? '')
  const page =
    status === 404
      ? intl.formatMessage({ id: 'error.notFound.title' })
      : status === 500
        ? intl.formatMessage({ id: 'error.server.title' })
        : (pageContext.data?.guide?.title ?? intl.formatMessage({ id: `${area}.meta.title` as MessageId }))
  return intl.formatMessage({ id: 'site.titleTemplate' }, { page })
}

export function pageDescription(pageContext: PageContext): string {
  const intl = pageIntl(pageContext)
  if (errorStatus(pageContext)) return intl.formatMessage({ id: 'error.meta.description' })
  const area = areaOf(pageContext.pageId ?? '')
  return pageContext.data?.guide?.description ?? intl.formatMessage({ id: `${area}.meta.description` as MessageId })
}
