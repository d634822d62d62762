import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { locales, otherLocale } from '../locales/locales'
import { writeLocaleCookie } from './bootScript'
import { errorStatus } from './pageIntl'
import { Link } from './Link'
import { Tooltip } from './Tooltip'

/** Links to the same route (slug, query and hash) in the other language. */
export function LocaleSwitcher() {
  const pageContext = usePageContext()
  const intl = useIntl()
  const target = locales.find((l) => l.code === otherLocale(pageContext.locale))!
  // An error page has no counterpart: offer the other language's home page.
  const pathname = errorStatus(pageContext) ? '/' : new URL(pageContext.urlLogical, 'http://x').pathname
  // The prerendered HTML cannot know the query and hash; add them once in the browser.
  const [suffix, setSuffix] = useState('')
  useEffect(() => {
    const update = () => setSuffix(location.search + location.hash)
    update()
    addEventListener('hashchange', update)
    return () => removeEventListener('hashchange', update)
  }, [pageContext.urlOriginal])
  // The visible name (the language's own name, in its own language) is the link's name; the
  // tooltip, also read as its description, says what it does.
  const label = intl.formatMessage({ id: 'locale.switch.accessibleLabel' })
  return (
    <Tooltip label={label}>
      <Link
        href={pathname + suffix}
        locale={target.code}
        hrefLang={target.language}
        lang={target.language}
        onClick={() => writeLocaleCookie(target.code)}
        className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-neutral-700 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800"
      >
        <span className="i-lucide-languages size-4" aria-hidden="true" />
        {target.name}
      </Link>
    </Tooltip>
  )
}
