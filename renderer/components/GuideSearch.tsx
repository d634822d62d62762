import { type IntlShape, useIntl } from 'react-intl'
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

/** The texts the script shows, worked out once per catalog: every guide page has the box (201 plural
 * forms formatted per page were a tenth of the prerender at 1,000 guides). */
const textsByCatalog = new WeakMap<object, string>()
function searchTexts(locale: string, intl: IntlShape): string {
  let texts = textsByCatalog.get(intl.messages)
  if (texts === undefined) {
    const QUERY = '\u0001'
    texts = JSON.stringify({
      results: pluralTexts(locale, (count) => intl.formatMessage({ id: 'guide.search.results' }, { count })),
      none: intl.formatMessage({ id: 'guide.search.none' }, { query: QUERY }).replace(QUERY, '{query}'),
      loading: intl.formatMessage({ id: 'guide.search.loading' }),
      unavailable: intl.formatMessage({ id: 'guide.search.unavailable' }),
    })
    textsByCatalog.set(intl.messages, texts)
  }
  return texts
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
  const texts = searchTexts(locale, intl)
  return (
    <search>
      <form
        action={localizePath('/guide', locale)}
        method="get"
        className="relative mt-6 max-w-xl"
        {...{ [dataAttrs.guideSearch]: texts }}
      >
        <label htmlFor="guide-search" className="block text-sm font-medium text-neutral-700 dark:text-neutral-300">
          {t('guide.search.label')}
        </label>
        <div className="mt-1 flex gap-2">
          <span className="relative min-w-0 flex-1">
            <span
              className="i-lucide-search pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-neutral-500 dark:text-neutral-400"
              aria-hidden="true"
            />
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
          className="absolute inset-x-0 top-full z-20 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-neutral-200 bg-white p-1 shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
          hidden
        />
        <p role="status" className="mt-2 text-sm ink-muted" {...{ [dataAttrs.guideSearchStatus]: '' }} />
        <p className="without-script mt-2 text-sm ink-muted">{t('guide.search.noScript')}</p>
        <template {...{ [dataAttrs.guideSearchOption]: '' }}>
          {/* Its title, group and excerpt, in this order (renderer/client/guideSearch.ts); the excerpt's
            <mark>s keep the browser's colours, black on yellow in both themes. Utilities, not
            shortcuts: the one stylesheet has them already. */}
          {/* biome-ignore lint/a11y/useValidAnchor: the runtime sets its href to the guide's page */}
          <a
            role="option"
            aria-selected="false"
            tabIndex={-1}
            className="block cursor-pointer rounded-lg px-3 py-2 aria-selected:outline-2 aria-selected:outline-solid aria-selected:outline-primary-700"
          >
            <span className="block ink-strong" />
            <span className="block text-xs ink-muted" />
            <span className="mt-1 block text-sm text-neutral-600 dark:text-neutral-300" />
          </a>
        </template>
      </form>
    </search>
  )
}
