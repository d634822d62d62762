import { FormattedMessage, useIntl } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { site } from '../../site.config'
import type { MessageId } from '../../locales/messages'
import { dataAttrs } from '../shared/dom'
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

const linkBase =
  'text-neutral-700 hover:text-primary-700 aria-[current=page]:font-semibold aria-[current=page]:text-primary-700 dark:text-neutral-300 dark:hover:text-primary-400 dark:aria-[current=page]:text-primary-400'

/**
 * The header never wraps. One list of links: from 768 px it sits in the header's row; below, it is
 * a native popover that the menu button opens (no script: the browser closes it on Escape or a
 * click outside and gives the focus back; a navigation replaces the header, so it starts closed).
 */
export function Header() {
  const intl = useIntl()
  const pageContext = usePageContext()
  return (
    <header className="border-b border-neutral-200 bg-white/90 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/90">
      <div className="mx-auto flex max-w-6xl items-center gap-x-4 px-3 py-3 sm:gap-x-6 sm:px-4">
        <Link
          href="/"
          className="flex shrink-0 items-center gap-2 text-xl font-bold text-primary-700 dark:text-primary-400"
          aria-label={intl.formatMessage({ id: 'nav.home' })}
        >
          <span className="i-lucide-circle-dollar-sign size-6" aria-hidden="true" />
          {site.name[pageContext.locale]}
        </Link>
        <nav aria-label={intl.formatMessage({ id: 'nav.accessibleLabel' })}>
          <ul id="site-menu" popover="auto" className="site-menu">
            {nav.map(([href, id]) => (
              <li key={href}>
                <Link href={href} className={linkBase}>
                  <FormattedMessage id={id} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-1">
          {/* Shown by the runtime once the cart holds something (renderer/client/cartLink.ts). */}
          <Link
            href="/checkout"
            hidden
            {...{ [dataAttrs.cartLink]: '' }}
            className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-neutral-800 hover:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-800"
          >
            <span className="i-lucide-shopping-cart size-5" aria-hidden="true" />
            <span className="sr-only">
              <FormattedMessage id="nav.cart" />
            </span>
            <span
              {...{ [dataAttrs.cartCount]: '' }}
              className="min-w-5 rounded-full bg-primary-700 px-1.5 text-center text-xs font-semibold text-white"
            />
          </Link>
          <LocaleSwitcher />
          <button
            type="button"
            popoverTarget="site-menu"
            className="menu-button flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-neutral-800 hover:bg-neutral-100 md:hidden dark:text-neutral-100 dark:hover:bg-neutral-800"
          >
            <span className="i-lucide-menu size-5" aria-hidden="true" />
            <FormattedMessage id="nav.menu" />
          </button>
        </div>
      </div>
    </header>
  )
}
