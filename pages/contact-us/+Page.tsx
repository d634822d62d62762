import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from '../../renderer/components/Link'
import { PageHero, Section } from '../../renderer/components/PageHero'
import type { MessageId } from '../../locales/messages'
import { StatusBanner } from '../../renderer/components/StatusBanner'
import { Island } from '../../renderer/islands/Island'
import { weekdayName } from '../../locales/intlLocale'
import { localizePath } from '../../locales/localizePath'
import { usePageContext } from 'vike-react/usePageContext'
import { businessWeek, type Market, markets, otherCountry } from '../../api/contract/markets'
import { site, whatsAppUrl } from '../../site.config'
import { loadCatalog } from '../../locales/catalogs'
import { consentVersion } from '../../locales/consent'
import ContactForms from './ContactForms.island'

// The forms (an island, sent to the API) come first; the cards below say who answers what, with
// each team's address, so that the page still tells how to reach sales and support without a
// script (the forms are hidden then: `.needs-script`) or when the API cannot be reached.
const channels = [
  { key: 'sales', icon: 'i-lucide-briefcase', email: site.email.sales, items: ['volume', 'methods', 'markets'] },
  {
    key: 'support',
    icon: 'i-lucide-life-buoy',
    email: site.email.support,
    items: ['merchantId', 'transactionId', 'time'],
  },
] as const
const times = ['sales', 'support', 'urgent'] as const

/** The sales form's volume bands of each country it names (the markets', and another country's in US dollars). */
const volumes = Object.fromEntries([
  ...markets.map((m) => [m.code, { currency: m.currency, edges: m.volumeBands }] as const),
  ['other', { currency: otherCountry.currency, edges: otherCountry.volumeBands }] as const,
])

export default function Page() {
  const { locale } = usePageContext()
  return (
    <>
      <PageHero title="contactUs.hero.title" body="contactUs.hero.body" />
      <StatusBanner needs={['api']} />
      {/* From lg: the forms on the start side, what a visitor wants to know before writing beside them. */}
      <div className="mt-10 lg:grid lg:grid-cols-12 lg:items-start lg:gap-10">
        <div className="lg:col-span-7">
          <Island
            of={ContactForms}
            props={{
              consentVersion: consentVersion(locale, loadCatalog(locale)),
              privacyPath: localizePath('/privacy', locale),
              volumes,
            }}
          />
        </div>
        <div className="mt-10 lg:sticky lg:top-6 lg:col-span-5 lg:mt-0">
          <Section id="times" title="contactUs.times.title" className="rounded-2xl bg-brand-50 p-6 dark:bg-neutral-900">
            <dl className="mt-5 grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
              {times.map((t) => (
                <div
                  key={t}
                  className="rounded-xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-950"
                >
                  <dt className="text-sm ink-muted">
                    <FormattedMessage id={`contactUs.times.${t}.label` as MessageId} />
                  </dt>
                  <dd className="mt-1 text-lg ink-strong">
                    <FormattedMessage id={`contactUs.times.${t}.value` as MessageId} />
                  </dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm ink-muted">
              <FormattedMessage id="contactUs.times.hours" />
            </p>
            <SupportHours />
            <p id="urgent-lines" className="mt-4 text-sm ink-muted">
              <FormattedMessage id="contactUs.times.urgentLines" />
            </p>
            <ul aria-labelledby="urgent-lines" className="mt-1 grid gap-1 text-sm ink-muted">
              {markets.map((m) => (
                <li key={m.code} data-urgent-line={m.code}>
                  <MarketLine
                    market={m}
                    phone={
                      <a
                        href={`tel:${m.urgentPhone.replace(/\s/g, '')}`}
                        dir="ltr"
                        className="whitespace-nowrap font-semibold text-primary-700 underline dark:text-primary-400"
                      >
                        {m.urgentPhone}
                      </a>
                    }
                  />
                </li>
              ))}
            </ul>
          </Section>
        </div>
      </div>
      <div className="mt-10 grid gap-4 md:grid-cols-2">
        {channels.map((c) => (
          <section
            key={c.key}
            aria-labelledby={`${c.key}-title`}
            className="flex flex-col rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
          >
            <span className={`${c.icon} size-7 text-primary-700 dark:text-primary-400`} aria-hidden="true" />
            <h2 id={`${c.key}-title`} className="mt-3 text-xl ink-strong">
              <FormattedMessage id={`contactUs.${c.key}.title` as MessageId} />
            </h2>
            <p className="mt-1 ink-muted">
              <FormattedMessage id={`contactUs.${c.key}.body` as MessageId} />
            </p>
            <h3 className="mt-5 text-sm ink-strong">
              <FormattedMessage id={`contactUs.${c.key}.includeTitle` as MessageId} />
            </h3>
            <ul className="mt-2 grid flex-1 content-start gap-1.5 text-sm text-neutral-700 dark:text-neutral-300">
              {c.items.map((item) => (
                <li key={item} className="flex gap-2">
                  <span className="i-lucide-check list-check" aria-hidden="true" />
                  <FormattedMessage id={`contactUs.${c.key}.include.${item}` as MessageId} />
                </li>
              ))}
            </ul>
            <a href={`mailto:${c.email}`} className="btn-secondary mt-6 justify-center">
              <span className="i-lucide-mail size-4" aria-hidden="true" />
              <bdi dir="ltr">{c.email}</bdi>
            </a>
            <WhatsApp channel={c.key} />
          </section>
        ))}
      </div>

      <p className="mt-4 text-sm ink-muted">
        <FormattedMessage
          id="contactUs.privacy"
          values={{
            link: (chunks: ReactNode[]) => (
              <Link href="/privacy" className="font-semibold text-primary-700 underline dark:text-primary-400">
                {chunks}
              </Link>
            ),
          }}
        />
      </p>

      <Section
        id="self"
        title="contactUs.self.title"
        className="mt-12 rounded-2xl bg-neutral-50 p-6 dark:bg-neutral-900"
        headingClassName="text-lg ink-strong"
      >
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-primary-700 dark:text-primary-400">
          <li>
            <Link href="/monitoring" className="hover:underline">
              <FormattedMessage id="contactUs.self.status" />
            </Link>
          </li>
          <li>
            <Link href="/guide" className="hover:underline">
              <FormattedMessage id="contactUs.self.guide" />
            </Link>
          </li>
          <li>
            <Link href="/pricing" className="hover:underline">
              <FormattedMessage id="contactUs.self.pricing" />
            </Link>
          </li>
        </ul>
      </Section>
    </>
  )
}

/** "Saudi Arabia: +966 …": a market's number (a link, left to right), in the page's language. */
function MarketLine({ market, phone }: { market: Market; phone: ReactNode }) {
  const intl = useIntl()
  return (
    <FormattedMessage
      id="contactUs.marketLine"
      values={{ market: intl.formatMessage({ id: `contact.market.${market.code}` as MessageId }), phone }}
    />
  )
}

/** A team's WhatsApp number in each market that has one (api/contract/markets.ts `whatsApp`), as wa.me links. */
function WhatsApp({ channel }: { channel: 'sales' | 'support' }) {
  const withWhatsApp = markets.filter((m) => m.whatsApp)
  if (!withWhatsApp.length) return null
  return (
    <div className="mt-4">
      <p id={`${channel}-whatsapp`} className="text-sm ink-strong">
        <FormattedMessage id="contactUs.whatsApp.title" />
      </p>
      <ul aria-labelledby={`${channel}-whatsapp`} className="mt-2 grid gap-1.5 text-sm">
        {withWhatsApp.map((m) => {
          const number = m.whatsApp![channel]
          return (
            <li key={m.code}>
              <a
                href={whatsAppUrl(number)}
                data-whatsapp={m.code}
                className="inline-flex items-center gap-2 font-semibold text-primary-700 underline dark:text-primary-400"
              >
                <span className="i-lucide-message-circle size-4 shrink-0" aria-hidden="true" />
                <span>
                  <MarketLine market={m} phone={<bdi dir="ltr">{number}</bdi>} />
                </span>
              </a>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** Support's business hours in each market (api/contract/markets.ts: its weekend, hours and zone), a line each. */
function SupportHours() {
  const intl = useIntl()
  const { locale } = usePageContext()
  return (
    <ul className="mt-1 grid gap-1 text-sm ink-muted">
      {markets.map((m) => {
        const { first, last } = businessWeek(m.weekend)
        return (
          <li key={m.code}>
            {intl.formatMessage(
              { id: 'contactUs.hours.market' },
              {
                market: intl.formatMessage({ id: `contact.market.${m.code}` as MessageId }),
                first: weekdayName(first, locale),
                last: weekdayName(last, locale),
                open: m.supportHours.open,
                close: m.supportHours.close,
              },
            )}
          </li>
        )
      })}
    </ul>
  )
}
