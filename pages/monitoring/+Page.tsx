import { FormattedMessage, useIntl } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { PageHero, SampleNote, Section } from '../../renderer/components/PageHero'
import { dirOf, type Locale } from '../../locales/locales'
import { intlLocale } from '../../locales/intlLocale'
import type { MessageId } from '../../locales/messages'
import { scriptJson } from '../../renderer/islands/define'
import { renderStatus, type StatusConfig, staticParts } from '../../renderer/client/statusView'
import { componentKeys, type StatusDocument, statusPaths } from '../../api/contract/status'
import { statusSnapshot } from '../../build/status'
import { statusMessages } from './messages'
import { statusStyle } from './statusStyle'
import { approval, declines } from './sample'

// Everything here is drawn at build time as SVG and HTML: no chart library reaches the browser.
// Time runs toward the reading direction's end: left to right in English, right to left in Arabic.
// The service health part is no island: one function (renderer/client/statusView.ts) renders it here
// and again in the browser from the live document (renderer/client/statusPage.ts, docs/status.md).

const timeZone = 'Asia/Riyadh'

/** The charts' formats and short dates (`19 Oct`). */
function useChartFormat() {
  const intl = useIntl()
  return {
    percent: (bp: number, digits: number) =>
      intl.formatNumber(bp / 10000, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }),
    shortDate: (iso: string) => intl.formatDate(new Date(iso), { day: 'numeric', month: 'short', timeZone }),
  }
}

/** The page's reading direction, from the locale list (locales/locales.ts). */
function useDirection() {
  return { dir: dirOf(usePageContext().locale) }
}

function ApprovalChart() {
  const intl = useIntl()
  const f = useChartFormat()
  const { dir } = useDirection()
  const [min, max] = [8500, 10000]
  const [w, h, pad] = [600, 260, 44]
  const n = approval.bp.length
  const dayIso = (i: number) => new Date(Date.parse(`${approval.from}T12:00:00+03:00`) + i * 86400000).toISOString()
  const x = (i: number) => {
    const t = pad + (i * (w - 2 * pad)) / (n - 1)
    return dir === 'rtl' ? w - t : t
  }
  const y = (bp: number) => h - 24 - ((bp - min) * (h - 40)) / (max - min)
  const points = approval.bp.map((bp, i) => `${x(i).toFixed(1)},${y(bp).toFixed(1)}`).join(' ')
  const average = Math.round(approval.bp.reduce((a, b) => a + b, 0) / n)
  const low = approval.bp[approval.alertDay]!
  const summary = intl.formatMessage(
    { id: 'monitoring.approval.summary' },
    { average: f.percent(average, 1), low: f.percent(low, 1), date: f.shortDate(dayIso(approval.alertDay)) },
  )
  return (
    <figure className="rounded-xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900">
      <figcaption>
        <h3 className="ink-strong">
          <FormattedMessage id="monitoring.approval.title" />
        </h3>
        <p className="mt-1 text-sm ink-muted">{summary}</p>
      </figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} direction="ltr" className="mt-4 h-auto w-full" aria-hidden="true">
        {[8500, 9000, 9500, 10000].map((g) => (
          <g key={g}>
            <line x1={pad} x2={w - pad} y1={y(g)} y2={y(g)} className="stroke-neutral-200 dark:stroke-neutral-700" />
            <text
              x={dir === 'rtl' ? w - 4 : 4}
              y={y(g) + 4}
              textAnchor={dir === 'rtl' ? 'end' : 'start'}
              className="fill-neutral-500 text-[14px]"
            >
              {f.percent(g, 0)}
            </text>
          </g>
        ))}
        <polyline points={points} fill="none" strokeWidth="2.5" strokeLinejoin="round" className="stroke-primary-600" />
        {approval.bp.map((bp, i) => (
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed series of days rendered once at build time; the index is the day
            key={i}
            cx={x(i)}
            cy={y(bp)}
            r={i === approval.alertDay ? 5 : 3}
            className={i === approval.alertDay ? 'fill-error-600' : 'fill-primary-600'}
          />
        ))}
        {[0, n - 1].map((i) => (
          <text key={i} x={x(i)} y={h - 4} textAnchor="middle" className="fill-neutral-500 text-[14px]">
            {f.shortDate(dayIso(i))}
          </text>
        ))}
      </svg>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-primary-700 dark:text-primary-400">
          <FormattedMessage id="monitoring.approval.table" />
        </summary>
        <table className="mt-2 w-full text-start">
          <thead>
            <tr className="text-neutral-500">
              <th scope="col" className="py-1 text-start font-medium">
                <FormattedMessage id="monitoring.approval.day" />
              </th>
              <th scope="col" className="py-1 text-start font-medium">
                <FormattedMessage id="monitoring.approval.rate" />
              </th>
            </tr>
          </thead>
          <tbody>
            {approval.bp.map((bp, i) => (
              <tr
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed series of days rendered once at build time; the index is the day
                key={i}
                className="st-rule"
              >
                <td className="py-1">{f.shortDate(dayIso(i))}</td>
                <td className="py-1 tabular-nums">
                  <bdi>{f.percent(bp, 1)}</bdi>
                  {i === approval.alertDay && (
                    <span className="ms-2 text-error-700 dark:text-error-300">
                      <FormattedMessage id="monitoring.approval.alert" />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}

function DeclinesChart() {
  const f = useChartFormat()
  const largest = declines[0]!.bp
  return (
    <figure className="rounded-xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900">
      <figcaption>
        <h3 className="ink-strong">
          <FormattedMessage id="monitoring.declines.title" />
        </h3>
        <p className="mt-1 text-sm ink-muted">
          <FormattedMessage id="monitoring.declines.body" />
        </p>
      </figcaption>
      {/* A list is its own text equivalent: each bar's reason and share are written out. */}
      <ul className="mt-4 grid gap-3">
        {declines.map((d) => (
          <li key={d.code}>
            <div className="flex justify-between gap-3 text-sm">
              <span className="text-neutral-800 dark:text-neutral-200">
                <FormattedMessage
                  id={
                    `monitoring.decline.${d.code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())}` as MessageId
                  }
                />{' '}
                {d.code !== 'other' && (
                  <code dir="ltr" className="text-xs text-neutral-500 dark:text-neutral-400">
                    {d.code}
                  </code>
                )}
              </span>
              <bdi className="font-semibold tabular-nums">{f.percent(d.bp, 0)}</bdi>
            </div>
            <svg viewBox="0 0 100 6" preserveAspectRatio="none" className="mt-1 h-2 w-full flip-rtl" aria-hidden="true">
              <rect width="100" height="6" rx="3" className="fill-neutral-100 dark:fill-neutral-800" />
              <rect width={(d.bp * 100) / largest} height="6" rx="3" className="fill-secondary-500" />
            </svg>
          </li>
        ))}
      </ul>
    </figure>
  )
}

const alerts = ['approvalDrop', 'declineSpike', 'webhookFailures'] as const

// The last known document, if the build was given one (STATUS_SNAPSHOT, build/status.ts): read and
// checked once per build; a bad one fails it.
let snapshot: { doc: StatusDocument | undefined } | undefined

/**
 * The status part as the build knows it: the snapshot's document as of its own time, else the
 * neutral state (never sample figures); and, beside it, what the browser needs to render it again
 * from the live document: the page's language and the messages it uses, compacted.
 */
function ServiceStatus() {
  const intl = useIntl()
  const { locale } = usePageContext()
  snapshot ??= { doc: statusSnapshot() }
  const { doc } = snapshot
  const lang = locale === 'ar' ? 'ar' : 'en'
  const base = {
    locale: intlLocale(locale),
    // The status document speaks English and Arabic (docs/status.md); another locale reads its English.
    lang,
    text: statusMessages(intl.messages),
    style: statusStyle,
  } as const
  const { noscript, ...parts } = staticParts(base, {
    document: statusPaths.document,
    summary: statusPaths.summary,
    feed: statusPaths.feed[lang],
  })
  const config: StatusConfig = {
    ...base,
    rtl: dirOf(locale) === 'rtl',
    keys: componentKeys,
    ...parts,
    ...(doc ? { built: doc } : {}),
  }
  const html = renderStatus(doc ? { kind: 'build', doc } : { kind: 'loading' }, {
    ...config,
    now: doc ? Date.parse(doc.updatedAt) : 0,
  })
  return (
    <div data-status-page="" className="contents">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON made safe inside <script> by scriptJson */}
      <script type="application/json" dangerouslySetInnerHTML={{ __html: scriptJson(config) }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderStatus escapes every text of the document */}
      <div data-status-root="" className="contents" dangerouslySetInnerHTML={{ __html: html }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the catalogs' words and the site's own paths, escaped */}
      <div className="contents" dangerouslySetInnerHTML={{ __html: noscript }} />
    </div>
  )
}

export default function Page() {
  const { locale } = usePageContext()
  const lang: Locale = locale
  return (
    <>
      <PageHero title="monitoring.hero.title" body="monitoring.hero.body">
        <SampleNote id="monitoring.sample" />
      </PageHero>
      <ServiceStatus />
      <p className="mt-4 text-sm">
        <a
          href={statusPaths.feed[lang]}
          className="inline-flex items-center gap-1.5 font-medium text-primary-700 underline dark:text-primary-400"
          type="application/atom+xml"
        >
          <span className="i-lucide-rss size-4" aria-hidden="true" />
          <FormattedMessage id="monitoring.feed.link" />
        </a>
      </p>
      <Section
        id="transactions"
        title="monitoring.transactions.title"
        intro="monitoring.transactions.body"
        className="mt-16"
      >
        <div className="mt-6 grid gap-4 lg:grid-cols-2">
          <ApprovalChart />
          <DeclinesChart />
        </div>
        <h3 className="mt-10 text-lg ink-strong">
          <FormattedMessage id="monitoring.alerts.title" />
        </h3>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {alerts.map((a) => (
            <li key={a} className="rounded-xl border border-neutral-200 p-5 dark:border-neutral-800">
              <span className="i-lucide-bell-ring size-5 text-primary-700 dark:text-primary-400" aria-hidden="true" />
              <h4 className="mt-2 ink-strong">
                <FormattedMessage id={`monitoring.alerts.${a}.title` as MessageId} />
              </h4>
              <p className="mt-1 text-sm ink-muted">
                <FormattedMessage id={`monitoring.alerts.${a}.body` as MessageId} />
              </p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
