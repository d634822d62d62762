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
          <p className="frame-footer-name">{site.name[locale]}</p>
          <p className="mt-2 max-w-prose">
            <FormattedMessage id="footer.tagline" />
          </p>
        </div>
        <nav aria-label={intl.formatMessage({ id: 'footer.linksLabel' })}>
          <ul className="frame-footer-links">
            <li>
              <Link href="/monitoring" className="frame-footer-link">
                <span className="i-lucide-activity size-4" aria-hidden="true" />
                <FormattedMessage id="footer.status" />
              </Link>
            </li>
            <li>
              <Link href="/guide" className="frame-footer-link">
                <FormattedMessage id="nav.guide" />
              </Link>
            </li>
            <li>
              <Link href="/contact-us" className="frame-footer-link">
                <FormattedMessage id="nav.contact" />
              </Link>
            </li>
            <li>
              <Link href="/privacy" className="frame-footer-link">
                <FormattedMessage id="footer.privacy" />
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
