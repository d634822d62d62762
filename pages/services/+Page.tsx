import { FormattedMessage } from 'react-intl'
import { Link } from '../../renderer/components/Link'
import { PageHero, Section } from '../../renderer/components/PageHero'
import type { MessageId } from '../../locales/messages'
import { vignetteHref } from '../../build/icons'
import { type VignetteKey, vignetteSize } from '../../renderer/brand/vignettes'

// Dense layout (docs/behaviour.md §2: denseLayout on /services): every product with what it does, who it
// is for, how it connects, and when the money arrives.
const services: [VignetteKey, string][] = [
  ['gateway', 'i-lucide-globe'],
  ['links', 'i-lucide-link'],
  ['invoicing', 'i-lucide-file-text'],
  ['pos', 'i-lucide-store'],
  ['fraud', 'i-lucide-shield-check'],
  ['payouts', 'i-lucide-landmark'],
]
const facts = ['who', 'how', 'settlement'] as const
const integrations = ['hosted', 'embedded', 'links', 'invoices', 'pos'] as const
const payoutFields = ['schedule', 'currency', 'account', 'statement'] as const

export default function Page() {
  return (
    <>
      <PageHero title="services.hero.title" body="services.hero.body" />
      <nav aria-labelledby="services-jump" className="mt-6">
        <h2 id="services-jump" className="sr-only">
          <FormattedMessage id="services.jump" />
        </h2>
        <ul className="flex flex-wrap gap-2 text-sm">
          {services.map(([key]) => (
            <li key={key}>
              <a
                href={`#${key}`}
                className="inline-block rounded-full border border-neutral-200 px-3 py-1 hover:border-primary-600 hover:text-primary-700 dark:border-neutral-700 dark:hover:text-primary-400"
              >
                <FormattedMessage id={`services.${key}.title` as MessageId} />
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {/* One service a row, its three facts side by side under it: even heights, readable columns. */}
      <div className="mt-8 grid gap-4">
        {services.map(([key, icon]) => (
          <section
            key={key}
            id={key}
            aria-labelledby={`${key}-title`}
            className="scroll-mt-4 rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
          >
            <div className="flex items-center gap-3">
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 dark:bg-brand-950">
                <span className={`${icon} size-5 text-primary-700 dark:text-primary-300`} aria-hidden="true" />
              </span>
              <h2 id={`${key}-title`} className="text-lg ink-strong">
                <FormattedMessage id={`services.${key}.title` as MessageId} />
              </h2>
            </div>
            <div className="md:flex md:items-start md:justify-between md:gap-8">
              <p className="mt-3 max-w-3xl text-neutral-700 dark:text-neutral-300">
                <FormattedMessage id={`services.${key}.body` as MessageId} />
              </p>
              {/* The product in a picture without words, mirrored on an Arabic page (build/icons.ts). */}
              <img
                src={vignetteHref(key)}
                width={vignetteSize.width}
                height={vignetteSize.height}
                alt=""
                loading="lazy"
                decoding="async"
                className="vignette"
              />
            </div>
            <dl className="mt-5 grid gap-4 border-t border-neutral-100 pt-4 text-sm sm:grid-cols-3 sm:gap-8 dark:border-neutral-800">
              {facts.map((fact) => (
                <div key={fact}>
                  <dt className="ink-strong">
                    <FormattedMessage id={`services.fact.${fact}` as MessageId} />
                  </dt>
                  <dd className="dd-text">
                    <FormattedMessage id={`services.${key}.${fact}` as MessageId} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>

      <Section
        id="integrations"
        title="services.integrations.title"
        intro="services.integrations.body"
        className="mt-12"
      >
        {/* A region in the tab order, so a keyboard can scroll the table where it is wider than the
            screen (WCAG 2.1.1), named by the heading and its column headers (not the section's name
            again); under 640 px its rows stack, each cell under its column's label. */}
        <section
          aria-labelledby="integrations-title integrations-head"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          className="mt-5 overflow-x-auto rounded-xl border border-neutral-200 dark:border-neutral-800"
        >
          <table className="table-stack w-full text-start text-sm sm:min-w-[36rem]">
            <thead id="integrations-head">
              <tr className="border-b border-neutral-200 text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  <FormattedMessage id="services.integrations.option" />
                </th>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  <FormattedMessage id="services.integrations.code" />
                </th>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  <FormattedMessage id="services.integrations.where" />
                </th>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  <FormattedMessage id="services.integrations.best" />
                </th>
              </tr>
            </thead>
            <tbody>
              {integrations.map((i) => (
                <tr key={i} className="table-line">
                  <th scope="row" className="table-row-head">
                    <FormattedMessage id={`services.integrations.${i}.name` as MessageId} />
                  </th>
                  <td className="px-4 py-3">
                    <span className="stack-label" aria-hidden="true">
                      <FormattedMessage id="services.integrations.code" />
                    </span>
                    <FormattedMessage id={`services.integrations.${i}.code` as MessageId} />
                  </td>
                  <td className="px-4 py-3">
                    <span className="stack-label" aria-hidden="true">
                      <FormattedMessage id="services.integrations.where" />
                    </span>
                    <FormattedMessage id={`services.integrations.${i}.where` as MessageId} />
                  </td>
                  <td className="px-4 py-3">
                    <span className="stack-label" aria-hidden="true">
                      <FormattedMessage id="services.integrations.best" />
                    </span>
                    <FormattedMessage id={`services.integrations.${i}.best` as MessageId} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </Section>

      <Section
        id="payout"
        title="services.payout.title"
        intro="services.payout.body"
        className="mt-12 rounded-2xl border border-neutral-200 bg-neutral-50 p-6 dark:border-neutral-800 dark:bg-neutral-900"
      >
        <dl className="mt-5 grid gap-4 sm:grid-cols-2">
          {payoutFields.map((f) => (
            <div key={f} className="rounded-xl bg-white p-4 dark:bg-neutral-950">
              <dt className="ink-strong">
                <FormattedMessage id={`services.payout.${f}.title` as MessageId} />
              </dt>
              <dd className="mt-1 text-sm ink-muted">
                <FormattedMessage id={`services.payout.${f}.body` as MessageId} />
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="/pricing" className="btn-primary">
            <FormattedMessage id="services.cta.pricing" />
          </Link>
          <Link href="/guide/payouts" className="btn-secondary">
            <FormattedMessage id="services.cta.guide" />
          </Link>
        </div>
      </Section>
    </>
  )
}
