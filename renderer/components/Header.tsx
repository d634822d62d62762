import { FormattedMessage, useIntl } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { site } from '../../site.config'
import type { MessageId } from '../../locales/messages'
import { dataAttrs } from '../shared/dom'
import { Link } from './Link'
import { LocaleSwitcher } from './LocaleSwitcher'

type NavLink = [href: string, id: MessageId]
type NavItem = NavLink | { group: MessageId; links: NavLink[] }

/** The header's navigation: four items, two of them groups. */
const nav: NavItem[] = [
  {
    group: 'nav.products',
    links: [
      ['/services', 'nav.services'],
      ['/services#links', 'nav.links'],
      ['/services#pos', 'nav.pos'],
      ['/design', 'nav.design'],
    ],
  },
  ['/pricing', 'nav.pricing'],
  {
    group: 'nav.developers',
    links: [
      ['/guide', 'nav.guide'],
      ['/monitoring', 'nav.monitoring'],
    ],
  },
  ['/contact-us', 'nav.contact'],
]

/** "Start now": the pricing page's plans (an address of its own: the pricing link stays the one marked current there). */
const startHref = '/pricing#plans-title'

/** The brand: the mark (never mirrored) and the wordmark of the page's script, drawn, its name the link's. */
export function Brand({ className = 'frame-brand' }: { className?: string }) {
  const intl = useIntl()
  const { locale } = usePageContext()
  return (
    <Link href="/" className={className} aria-label={intl.formatMessage({ id: 'nav.home' })}>
      <span className="i-rasid-mark size-8" aria-hidden="true" />
      <span
        className={locale === 'ar' ? 'i-rasid-wordmark-ar frame-wordmark-ar' : 'i-rasid-wordmark-en frame-wordmark'}
        aria-hidden="true"
      />
    </Link>
  )
}

/**
 * The header never wraps, nor scrolls sideways at 320 px with the cart link shown (WCAG 1.4.10): below
 * 360 px the brand shows only its mark, its name staying the link's accessible name. One list of
 * links: from 768 px it sits in the header's row, its groups opening on hover or focus (no script);
 * below, it is a native popover sheet that the menu button opens and closes (the browser closes it
 * on Escape, a click on the scrim or outside, and gives the focus back; a navigation replaces the
 * header, so it starts closed), its groups laid out under their names and the two calls to action
 * at its foot.
 */
export function Header() {
  const intl = useIntl()
  const { locale } = usePageContext()
  const signIn = `${site.dashboard}/${locale}/sign-in`
  return (
    <header className="frame-header">
      <div className="frame-header-row">
        <Brand />
        <nav aria-label={intl.formatMessage({ id: 'nav.accessibleLabel' })}>
          <ul id="site-menu" popover="auto" className="site-menu">
            {nav.map((item) =>
              Array.isArray(item) ? (
                <li key={item[0]}>
                  <Link href={item[0]} className="frame-nav-link">
                    <FormattedMessage id={item[1]} />
                  </Link>
                </li>
              ) : (
                <li key={item.group} className="nav-group">
                  <button type="button" className="nav-group-button frame-nav-link">
                    <FormattedMessage id={item.group} />
                    <span className="i-lucide-chevron-down size-4" aria-hidden="true" />
                  </button>
                  <span className="nav-group-name">
                    <FormattedMessage id={item.group} />
                  </span>
                  <ul className="nav-panel">
                    {item.links.map(([href, id]) => (
                      <li key={href}>
                        <Link href={href} className="frame-nav-link">
                          <FormattedMessage id={id} />
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              ),
            )}
            <li className="menu-actions">
              <Link href={startHref} className="btn-primary justify-center">
                <FormattedMessage id="nav.start" />
              </Link>
              <a href={signIn} className="btn-secondary justify-center">
                <FormattedMessage id="nav.signIn" />
              </a>
            </li>
          </ul>
        </nav>
        <div className="frame-actions">
          <a href={signIn} className="frame-sign-in">
            <FormattedMessage id="nav.signIn" />
          </a>
          <Link href={startHref} className="frame-start">
            <FormattedMessage id="nav.start" />
          </Link>
          {/* Shown by the runtime once the cart holds something (renderer/client/cartLink.ts). */}
          <Link href="/checkout" hidden {...{ [dataAttrs.cartLink]: '' }} className="frame-cart">
            <span className="i-lucide-shopping-cart size-5" aria-hidden="true" />
            <span className="sr-only">
              <FormattedMessage id="nav.cart" />
            </span>
            <span {...{ [dataAttrs.cartCount]: '' }} className="frame-cart-count" />
          </Link>
          <LocaleSwitcher />
          {/* "Menu" while the sheet is closed, "Close" while it is open (renderer/styles/site.css). */}
          <button type="button" popoverTarget="site-menu" className="menu-button frame-menu-button">
            <span className="menu-when-closed">
              <span className="i-lucide-menu size-5" aria-hidden="true" />
              <FormattedMessage id="nav.menu" />
            </span>
            <span className="menu-when-open">
              <span className="i-lucide-x size-5" aria-hidden="true" />
              <FormattedMessage id="nav.close" />
            </span>
          </button>
        </div>
      </div>
    </header>
  )
}
