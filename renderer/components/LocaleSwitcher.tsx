import { useIntl } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { localeInfo, otherLocales } from '../../locales/locales'
import { errorStatus } from '../pageIntl'
import { dataAttrs } from '../shared/dom'
import { Link } from './Link'

/**
 * Links to the same route in each other language; the runtime adds the query and hash, which the
 * prerendered HTML cannot know (renderer/client/localeSwitch.ts). The visible name (the language's
 * own name, in its own language) is the link's name; the tooltip, its description, says what it
 * does. The tooltip is the WAI-ARIA pattern driven by renderer/client/tooltip.ts, not Radix: Radix
 * would bring React to every page for one hint.
 */
/** The page's other languages, and the path their links point at (an error page has no counterpart: the home page). */
export function useLocaleTargets() {
  const pageContext = usePageContext()
  const targets = otherLocales(pageContext.locale).map(localeInfo)
  const pathname = errorStatus(pageContext) ? '/' : new URL(pageContext.urlLogical, 'http://x').pathname
  return { targets, pathname }
}

export function LocaleSwitcher() {
  const intl = useIntl()
  const { targets, pathname } = useLocaleTargets()
  return (
    <span className="inline-flex">
      {targets.map((target) => {
        const tooltip = `locale-tooltip-${target.code}`
        return (
          <span key={target.code} className="relative inline-flex">
            <Link
              href={pathname}
              locale={target.code}
              hrefLang={target.language}
              lang={target.language}
              {...{ [dataAttrs.localeSwitch]: '', [dataAttrs.tooltip]: tooltip }}
              aria-describedby={tooltip}
              className="frame-locale-link"
            >
              <span className="i-lucide-languages size-4" aria-hidden="true" />
              {/* In the system font on pages of the other script: the page loads only its own face. */}
              <span className="font-system">{target.name}</span>
            </Link>
            <span role="tooltip" id={tooltip} hidden className="frame-tooltip">
              {intl.formatMessage(
                { id: 'locale.switch.accessibleLabel' },
                {
                  // Named in the page's own language ("Arabic" on an English page, "الإنجليزية" on an
                  // Arabic one); intl's formatter, made once per language (renderer/+Wrapper.tsx's cache).
                  language: intl.formatDisplayName(target.language, { type: 'language' }),
                },
              )}
            </span>
          </span>
        )
      })}
    </span>
  )
}
