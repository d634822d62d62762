import { FormattedMessage, useIntl } from 'react-intl'
import type { MessageId } from '../../locales/messages'
import { site } from '../../site.config'
import { dataAttrs } from '../shared/dom'
import { Brand } from './Header'
import { Link } from './Link'
import { useLocaleTargets } from './LocaleSwitcher'

type Column = { title: MessageId; links: [href: string, id: MessageId][] }

/** The footer's four columns; they mirror on Arabic pages. */
const columns: Column[] = [
  {
    title: 'footer.products',
    links: [
      ['/services', 'nav.services'],
      ['/services#links', 'nav.links'],
      ['/services#pos', 'nav.pos'],
      ['/design', 'nav.design'],
      ['/pricing', 'nav.pricing'],
    ],
  },
  {
    title: 'footer.developers',
    links: [
      ['/guide', 'nav.guide'],
      ['/monitoring', 'footer.status'],
    ],
  },
  {
    title: 'footer.company',
    links: [
      ['/contact-us', 'nav.contact'],
      ['/contact-us', 'footer.sales'],
    ],
  },
  { title: 'footer.legalTitle', links: [['/privacy', 'footer.privacy']] },
]

/**
 * The licence lines, one per central bank, with the sample number of site.config.ts beside its
 * sample note: the footer shows them, and so does the home page's licence card.
 */
export const licenceLines: [id: MessageId, licence: string][] = [
  ['footer.licence', site.registration.licence.sa],
  ['footer.licenceAe', site.registration.licence.ae],
  ['footer.licenceEg', site.registration.licence.eg],
]

/**
 * The closing call to action before the footer, on the marketing pages (renderer/+Layout.tsx): a
 * full-width ink-green band with both of the home page's calls to action.
 */
export function ClosingCta() {
  return (
    <section aria-labelledby="closing-cta-title" className="cta-band">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16 lg:flex lg:items-center lg:justify-between lg:gap-10">
        <div className="max-w-2xl">
          <h2 id="closing-cta-title" className="text-balance text-2xl font-bold text-white sm:text-3xl">
            <FormattedMessage id="footer.cta.title" />
          </h2>
          <p className="mt-3 text-pretty text-brand-100">
            <FormattedMessage id="footer.cta.body" />
          </p>
        </div>
        <div className="mt-8 flex flex-wrap gap-3 lg:mt-0 lg:shrink-0">
          <Link href="/pricing" className="btn-on-dark">
            <FormattedMessage id="nav.start" />
            <span className="i-lucide-arrow-right size-4 flip-rtl" aria-hidden="true" />
          </Link>
          <Link href="/contact-us" className="btn-outline-on-dark">
            <FormattedMessage id="footer.sales" />
          </Link>
        </div>
      </div>
    </section>
  )
}

export function Footer() {
  const intl = useIntl()
  const { targets, pathname } = useLocaleTargets()
  const { registration } = site
  return (
    <footer className="frame-footer">
      <div className="frame-footer-grid">
        <div className="frame-footer-about">
          <Brand className="frame-brand" />
          <p className="mt-3 max-w-xs">
            <FormattedMessage id="footer.tagline" />
          </p>
          {targets.map((target) => (
            <Link
              key={target.code}
              href={pathname}
              locale={target.code}
              hrefLang={target.language}
              lang={target.language}
              {...{ [dataAttrs.localeSwitch]: '' }}
              className="frame-footer-link mt-4"
            >
              <span className="i-lucide-languages size-4" aria-hidden="true" />
              <span className="font-system">{target.name}</span>
            </Link>
          ))}
        </div>
        <nav aria-label={intl.formatMessage({ id: 'footer.linksLabel' })} className="frame-footer-columns">
          {columns.map((column) => (
            <div key={column.title}>
              <h2 className="frame-footer-title">
                <FormattedMessage id={column.title} />
              </h2>
              <ul className="frame-footer-links">
                {column.links.map(([href, id]) => (
                  <li key={id}>
                    <Link href={href} className="frame-footer-link">
                      <FormattedMessage id={id} />
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="frame-footer-legal">
          <p className="frame-footer-title">
            <FormattedMessage id="footer.registration" />
          </p>
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
            {licenceLines.map(([id, licence]) => (
              <li key={id}>
                <FormattedMessage id={id} values={{ licence }} />
              </li>
            ))}
            <li>
              <FormattedMessage id="footer.cr" values={{ cr: registration.cr }} />
            </li>
            <li>
              <FormattedMessage id="footer.vat" values={{ vat: registration.vat }} />
            </li>
          </ul>
          <p className="mt-3">
            <FormattedMessage id="footer.legal" />
          </p>
        </div>
      </div>
    </footer>
  )
}
