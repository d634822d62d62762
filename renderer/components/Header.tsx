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

// The frame's classes are shortcuts (uno.config.ts `frame-*`): they are on every page of the site,
// and a short name is a few bytes of each page's HTML where the utilities would be a few hundred.
const linkBase = 'frame-nav-link'

/**
 * The header never wraps, nor scrolls sideways at 320 px with the cart link shown (WCAG 1.4.10): below
 * 360 px the brand shows only its icon, its name staying the link's accessible name. One list of links: from 768 px it sits in the header's row; below, it is
 * a native popover that the menu button opens (no script: the browser closes it on Escape or a
 * click outside and gives the focus back; a navigation replaces the header, so it starts closed).
 */
export function Header() {
  const intl = useIntl()
  const pageContext = usePageContext()
  return (
    <header className="frame-header">
      <div className="frame-header-row">
        <Link href="/" className="frame-brand" aria-label={intl.formatMessage({ id: 'nav.home' })}>
          <span className="i-lucide-circle-dollar-sign size-6" aria-hidden="true" />
          <span className="frame-brand-name">{site.name[pageContext.locale]}</span>
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
        <div className="frame-actions">
          {/* Shown by the runtime once the cart holds something (renderer/client/cartLink.ts). */}
          <Link href="/checkout" hidden {...{ [dataAttrs.cartLink]: '' }} className="frame-cart">
            <span className="i-lucide-shopping-cart size-5" aria-hidden="true" />
            <span className="sr-only">
              <FormattedMessage id="nav.cart" />
            </span>
            <span {...{ [dataAttrs.cartCount]: '' }} className="frame-cart-count" />
          </Link>
          <LocaleSwitcher />
          <button type="button" popoverTarget="site-menu" className="menu-button frame-menu-button">
            <span className="i-lucide-menu size-5" aria-hidden="true" />
            <FormattedMessage id="nav.menu" />
          </button>
        </div>
      </div>
    </header>
  )
}
