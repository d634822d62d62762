import { FormattedMessage, useIntl } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { licenceLines } from '../../renderer/components/Footer'
import { Link } from '../../renderer/components/Link'
import { Card, SampleNote, Section, Steps } from '../../renderer/components/PageHero'
import { MarketMethods } from '../../renderer/components/PaymentMethods'
import { scriptJson } from '../../renderer/islands/define'
import type { MessageId } from '../../locales/messages'
import { locales, otherLocales } from '../../locales/locales'
import { localizePath } from '../../locales/localizePath'
import { markets } from '../../api/contract/markets'
import { site } from '../../site.config'
import { HomeHero } from './HomeHero'

const products: [string, string][] = [
  ['gateway', 'i-lucide-globe'],
  ['pos', 'i-lucide-store'],
  ['links', 'i-lucide-link'],
  ['payouts', 'i-lucide-landmark'],
  ['invoicing', 'i-lucide-file-text'],
  ['fraud', 'i-lucide-shield-check'],
]

const figures = ['uptime', 'settlement', 'methods', 'markets'] as const
const steps = ['sandbox', 'verify', 'paid'] as const
const trust: [string, string][] = [
  ['pci', 'i-lucide-badge-check'],
  ['threeDs', 'i-lucide-lock'],
  ['licence', 'i-lucide-scale'],
  ['region', 'i-lucide-server'],
]

/** schema.org/Organization for the home page, from the site configuration. */
function OrganizationJsonLd() {
  const intl = useIntl()
  const { locale } = usePageContext()
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name[locale],
    alternateName: otherLocales(locale).map((l) => site.name[l]),
    url: `${site.origin}${localizePath('/', locale)}`,
    description: intl.formatMessage({ id: 'home.meta.description' }),
    email: site.email.sales,
    areaServed: markets.map((m) => m.country),
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'sales',
        email: site.email.sales,
        telephone: site.phone,
        availableLanguage: locales.map((l) => l.language),
      },
      {
        '@type': 'ContactPoint',
        contactType: 'customer support',
        email: site.email.support,
        availableLanguage: locales.map((l) => l.language),
      },
    ],
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD of the site's own data; scriptJson escapes what could close the script
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
}

export default function Page() {
  return (
    <>
      <OrganizationJsonLd />
      <HomeHero />

      <Section
        id="methods"
        title="home.methods.title"
        className="band band-tint mt-16 py-12"
        headingClassName="text-2xl font-bold text-neutral-900 sm:text-3xl dark:text-white"
      >
        <MarketMethods id="home-market" className="mt-6" />
      </Section>

      <Section id="figures" title="home.figures.title" className="mt-14" headingClassName="sr-only">
        <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-neutral-200 bg-neutral-200 lg:grid-cols-4 dark:border-neutral-800 dark:bg-neutral-800">
          {figures.map((f) => (
            <div key={f} className="flex flex-col-reverse justify-end bg-white p-5 dark:bg-neutral-950">
              <dt className="mt-1 text-sm ink-muted">
                <FormattedMessage id={`home.figures.${f}.label` as MessageId} />
              </dt>
              <dd className="text-2xl font-bold text-neutral-900 lg:text-3xl dark:text-white">
                <bdi>
                  <FormattedMessage id={`home.figures.${f}.value` as MessageId} />
                </bdi>
              </dd>
            </div>
          ))}
        </dl>
        <SampleNote id="home.figures.sample" />
      </Section>

      <Section id="products" title="home.products.title" className="mt-16">
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {products.map(([key, icon]) => (
            <Card
              key={key}
              icon={icon}
              title={`home.products.${key}.title` as MessageId}
              body={`home.products.${key}.body` as MessageId}
            />
          ))}
        </div>
        <Link
          href="/services"
          className="mt-6 inline-flex items-center gap-1 font-semibold text-primary-700 hover:underline dark:text-primary-400"
        >
          <FormattedMessage id="home.products.more" />
          <span className="i-lucide-arrow-right size-4 flip-rtl" aria-hidden="true" />
        </Link>
      </Section>

      <Section id="steps" title="home.steps.title" className="mt-16">
        <Steps prefix="home.steps" keys={steps} />
        <Link
          href="/guide"
          className="mt-6 inline-flex items-center gap-1 font-semibold text-primary-700 hover:underline dark:text-primary-400"
        >
          <FormattedMessage id="home.steps.guide" />
          <span className="i-lucide-arrow-right size-4 flip-rtl" aria-hidden="true" />
        </Link>
      </Section>

      <Section
        id="trust"
        title="home.trust.title"
        className="band band-ink mt-20 py-14"
        headingClassName="text-2xl font-bold text-white sm:text-3xl"
      >
        <ul className="mt-8 grid gap-6 sm:grid-cols-2">
          {trust.map(([key, icon]) => (
            <li key={key} className="flex gap-4">
              <span className="grid size-12 shrink-0 place-items-center rounded-xl border border-brand-700 bg-brand-800">
                <span className={`${icon} size-6 text-accent-300`} aria-hidden="true" />
              </span>
              <span>
                <strong className="block font-semibold text-white">
                  <FormattedMessage id={`home.trust.${key}.title` as MessageId} />
                </strong>
                <span className="text-sm text-brand-100">
                  <FormattedMessage id={`home.trust.${key}.body` as MessageId} />
                </span>
                {/* The licences themselves, as the footer gives them: sample values, each said to be one. */}
                {key === 'licence' &&
                  licenceLines.map(([id, licence]) => (
                    <span
                      key={id}
                      className="mt-2 block w-fit rounded-md border border-brand-700 px-2 py-1 text-xs text-brand-100"
                    >
                      <FormattedMessage id={id} values={{ licence }} />
                    </span>
                  ))}
              </span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
