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

function NavLinks({ className, linkClassName }: { className: string; linkClassName: string }) {
  return (
    <ul className={className}>
      {nav.map(([href, id]) => (
        <li key={href}>
          <Link href={href} className={linkClassName}>
            <FormattedMessage id={id} />
          </Link>
        </li>
      ))}
    </ul>
  )
}

const linkBase = 'text-neutral-700 hover:text-primary-700 aria-[current=page]:font-semibold aria-[current=page]:text-primary-700 dark:text-neutral-300 dark:hover:text-primary-400 dark:aria-[current=page]:text-primary-400'

/**
 * The header never wraps: from 768 px the links sit in one row; below, a native <details> menu
 * holds them (works without JavaScript; renderer/client/menu.ts closes it on Escape, on a click
 * outside and on navigation).
 */
export function Header() {
  const intl = useIntl()
  const pageContext = usePageContext()
  const label = intl.formatMessage({ id: 'nav.accessibleLabel' })
  return (
    <header className="relative z-40 border-b border-neutral-200 bg-white/90 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/90">
      <div className="mx-auto flex max-w-6xl items-center gap-x-6 px-4 py-3">
        <Link href="/" className="flex shrink-0 items-center gap-2 text-xl font-bold text-primary-700 dark:text-primary-400" aria-label={intl.formatMessage({ id: 'nav.home' })}>
          <span className="i-lucide-circle-dollar-sign size-6" aria-hidden="true" />
          {site.name[pageContext.locale]}
        </Link>
        <nav aria-label={label} className="hidden md:block">
          <NavLinks className="flex gap-x-5 text-sm" linkClassName={linkBase} />
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <LocaleSwitcher />
          <details data-menu="" className="md:hidden">
            <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-neutral-800 hover:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-800 [&::-webkit-details-marker]:hidden">
              <span className="i-lucide-menu size-5 menu-open" aria-hidden="true" />
              <span className="i-lucide-x size-5 menu-close" aria-hidden="true" />
              <FormattedMessage id="nav.menu" />
            </summary>
            <nav aria-label={label} className="absolute inset-x-0 top-full border-b border-neutral-200 bg-white px-4 pb-4 shadow-lg dark:border-neutral-800 dark:bg-neutral-950">
              <NavLinks className="mx-auto grid max-w-6xl gap-1 pt-2 text-base" linkClassName={`block rounded-md px-3 py-2.5 hover:bg-neutral-100 dark:hover:bg-neutral-900 ${linkBase}`} />
            </nav>
          </details>
        </div>
      </div>
    </header>
  )
}
