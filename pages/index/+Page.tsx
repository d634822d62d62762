import { FormattedMessage } from 'react-intl'
import { Link } from '../../renderer/components/Link'
import { Card, PageHero } from '../../renderer/components/PageHero'
import type { MessageId } from '../../locales/messages'
import { site } from '../../site.config'

const products: [string, string][] = [
  ['gateway', 'i-lucide-globe'],
  ['pos', 'i-lucide-store'],
  ['links', 'i-lucide-link'],
  ['payouts', 'i-lucide-landmark'],
  ['invoicing', 'i-lucide-file-text'],
  ['fraud', 'i-lucide-shield-check'],
]

export default function Page() {
  return (
    <>
      <PageHero title="home.hero.title" body="home.hero.body">
        <div className="mt-8 flex flex-wrap gap-3">
          <Link href="/pricing" className="btn-primary">
            <FormattedMessage id="home.hero.ctaStart" />
            <span className="i-lucide-arrow-right size-4 flip-rtl" aria-hidden="true" />
          </Link>
          <Link href="/contact-us" className="btn-secondary">
            <FormattedMessage id="home.hero.ctaSales" />
          </Link>
        </div>
      </PageHero>
      <section aria-labelledby="methods-title" className="mt-16">
        <h2 id="methods-title" className="text-sm font-semibold uppercase tracking-wide text-neutral-500">
          <FormattedMessage id="home.methods.title" />
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {site.paymentMethods.map((m) => (
            <li key={m} dir="ltr" className="rounded-md border border-neutral-200 bg-white px-3 py-1.5 text-sm font-semibold dark:border-neutral-800 dark:bg-neutral-900">
              {m}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="products-title" className="mt-16">
        <h2 id="products-title" className="text-2xl font-bold">
          <FormattedMessage id="home.products.title" />
        </h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {products.map(([key, icon]) => (
            <Card key={key} icon={icon} title={`home.products.${key}.title` as MessageId} body={`home.products.${key}.body` as MessageId} />
          ))}
        </div>
      </section>
      <ul className="mt-12 flex flex-wrap gap-x-8 gap-y-2 text-sm text-neutral-600 dark:text-neutral-400">
        <li className="inline-flex items-center gap-2">
          <span className="i-lucide-badge-check size-4 text-success-600" aria-hidden="true" />
          <FormattedMessage id="home.trust.pci" />
        </li>
        <li className="inline-flex items-center gap-2">
          <span className="i-lucide-scale size-4 text-success-600" aria-hidden="true" />
          <FormattedMessage id="home.trust.licence" />
        </li>
      </ul>
    </>
  )
}
