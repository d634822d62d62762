import { FormattedMessage, useIntl } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { site } from '../../site.config'
import type { MessageId } from '../../locales/messages'
import { Link } from './Link'
import { LocaleSwitcher } from './LocaleSwitcher'

const nav: [string, MessageId][] = [
  ['/services', 'nav.services'],
  ['/pricing', 'nav.pricing'],
  ['/monitoring', 'nav.monitoring'],
  ['/design', 'nav.design'],
  ['/guide', 'nav.guide'],
  ['/contact-us', 'nav.contact'],
]

export function Header() {
  const intl = useIntl()
  const pageContext = usePageContext()
  return (
    <header className="border-b border-neutral-200 bg-white/90 dark:border-neutral-800 dark:bg-neutral-950/90">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className="text-xl font-bold text-primary-700 dark:text-primary-400" aria-label={intl.formatMessage({ id: 'nav.home' })}>
          {site.name[pageContext.locale]}
        </Link>
        <nav aria-label={intl.formatMessage({ id: 'nav.accessibleLabel' })} className="order-last w-full sm:order-none sm:w-auto">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {nav.map(([href, id]) => (
              <li key={href}>
                <Link href={href} className="text-neutral-700 hover:text-primary-700 aria-[current=page]:font-semibold aria-[current=page]:text-primary-700 dark:text-neutral-300">
                  <FormattedMessage id={id} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto">
          <LocaleSwitcher />
        </div>
      </div>
    </header>
  )
}
