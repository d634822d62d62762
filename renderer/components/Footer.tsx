import { FormattedMessage, useIntl } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { site } from '../../site.config'
import { Link } from './Link'

export function Footer() {
  const intl = useIntl()
  const { locale } = usePageContext()
  return (
    <footer className="frame-footer">
      <div className="frame-footer-grid">
        <div>
          <p className="text-base font-bold text-neutral-900 dark:text-white">{site.name[locale]}</p>
          <p className="mt-2 max-w-prose">
            <FormattedMessage id="footer.tagline" />
          </p>
        </div>
        <nav aria-label={intl.formatMessage({ id: 'footer.linksLabel' })}>
          <ul className="flex flex-col gap-2 sm:items-end">
            <li>
              <Link href="/monitoring" className="inline-flex items-center gap-1.5 hover:text-primary-700">
                <span className="i-lucide-activity size-4" aria-hidden="true" />
                <FormattedMessage id="footer.status" />
              </Link>
            </li>
            <li>
              <Link href="/guide" className="hover:text-primary-700">
                <FormattedMessage id="nav.guide" />
              </Link>
            </li>
            <li>
              <Link href="/contact-us" className="hover:text-primary-700">
                <FormattedMessage id="nav.contact" />
              </Link>
            </li>
          </ul>
        </nav>
        <p className="sm:col-span-2">
          <FormattedMessage id="footer.legal" />
        </p>
      </div>
    </footer>
  )
}
