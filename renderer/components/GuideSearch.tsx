import { useIntl } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { localizePath } from '../../locales/localizePath'
import type { MessageId } from '../../locales/messages'
import { dataAttrs } from '../shared/dom'

/** A number for each plural category of the locale, to write a plural message as one text per category. */
function pluralTexts(locale: string, format: (count: number) => string): Record<string, string> {
  const rules = new Intl.PluralRules(locale)
  const out: Record<string, string> = {}
  for (let n = 0; n <= 200; n++) {
    const category = rules.select(n)
    if (!(category in out)) out[category] = format(n).replace(String(n), '#')
  }
  return out
}

/**
 * The guides' search box (docs/search.md): without a script, a form that leads to the guide index;
 * with one, renderer/client/guideSearch.ts (loaded when the box is first focused) makes it a
 * combobox whose list shows the matching guides as the visitor types. The option `<template>` and
 * the texts the script shows are written here, in the page's language.
 */
export function GuideSearch() {
  const intl = useIntl()
  const { locale } = usePageContext()
  const t = (id: MessageId) => intl.formatMessage({ id })
  const QUERY = '\u0001'
  const texts = {
    results: pluralTexts(locale, (count) => intl.formatMessage({ id: 'guide.search.results' }, { count })),
    none: intl.formatMessage({ id: 'guide.search.none' }, { query: QUERY }).replace(QUERY, '{query}'),
    loading: t('guide.search.loading'),
    unavailable: t('guide.search.unavailable'),
  }
  return (
    <search>
      <form
        action={localizePath('/guide', locale)}
        method="get"
        className="search-form"
        {...{ [dataAttrs.guideSearch]: JSON.stringify(texts) }}
      >
        <label htmlFor="guide-search" className="search-label">
          {t('guide.search.label')}
        </label>
        <div className="search-row">
          <span className="search-field">
            <span className="i-lucide-search search-icon" aria-hidden="true" />
            <input
              id="guide-search"
              type="search"
              name="q"
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              placeholder={t('guide.search.placeholder')}
              className="search-input"
            />
          </span>
          <button type="submit" className="btn-secondary">
            {t('guide.search.submit')}
          </button>
        </div>
        <div
          role="listbox"
          id="guide-search-list"
          aria-label={t('guide.search.listLabel')}
          className="search-list"
          hidden
        />
        <p role="status" className="sr-only" {...{ [dataAttrs.guideSearchStatus]: '' }} />
        <template {...{ [dataAttrs.guideSearchOption]: '' }}>
          {/* biome-ignore lint/a11y/useValidAnchor: the runtime sets its href to the guide's page */}
          <a role="option" aria-selected="false" className="search-option">
            <span className="search-option-title" />
            <span className="search-option-group" />
            <span className="search-option-text" />
          </a>
        </template>
      </form>
    </search>
  )
}
