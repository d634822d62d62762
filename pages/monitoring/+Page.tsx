import { FormattedMessage, useIntl } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { PageHero, SampleNote, Section } from '../../renderer/components/PageHero'
import { dirOf } from '../../locales/locales'
import type { MessageId } from '../../locales/messages'
import {
  approval,
  asOf,
  components,
  dayStates,
  days,
  declines,
  incidents,
  timeZone,
  uptimeBp,
  type ComponentState,
} from './sample'

// Everything here is drawn at build time as SVG and HTML: no chart library reaches the browser.
// Time runs toward the reading direction's end: left to right in English, right to left in Arabic.

const stateStyle: Record<ComponentState, { fill: string; text: string; icon: string }> = {
  operational: {
    fill: 'fill-primary-500',
    text: 'text-primary-700 dark:text-primary-400',
    icon: 'i-lucide-circle-check',
  },
  degraded: { fill: 'fill-warning-400', text: 'text-warning-700 dark:text-warning-300', icon: 'i-lucide-circle-alert' },
  partial: { fill: 'fill-orange-500', text: 'text-orange-700 dark:text-orange-300', icon: 'i-lucide-circle-alert' },
  major: { fill: 'fill-error-600', text: 'text-error-700 dark:text-error-300', icon: 'i-lucide-circle-x' },
  maintenance: {
    fill: 'fill-secondary-500',
    text: 'text-secondary-700 dark:text-secondary-300',
    icon: 'i-lucide-wrench',
  },
}

function useFormat() {
  const intl = useIntl()
  return {
    percent: (bp: number, digits = 2) =>
      intl.formatNumber(bp / 10000, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }),
    date: (iso: string) => intl.formatDate(new Date(iso), { day: 'numeric', month: 'long', year: 'numeric', timeZone }),
    shortDate: (iso: string) => intl.formatDate(new Date(iso), { day: 'numeric', month: 'short', timeZone }),
    time: (iso: string) =>
      intl.formatTime(new Date(iso), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
  }
}

/**
 * One bar per day. The operational days, nearly all of them, are one rect filled with a pattern of
 * bars (a few hundred bytes instead of 90 rects, on a page and in its payload); each other day is a
 * bar of its state's colour drawn over its place.
 */
function UptimeBars({ id, states, label }: { id: string; states: ComponentState[]; label: string }) {
  const { dir } = useDirection()
  const w = 4
  const step = w + 1
  const width = days * step - 1
  const pattern = `uptime-${id}`
  return (
    <svg viewBox={`0 0 ${width} 28`} preserveAspectRatio="none" className="h-7 w-full" role="img" aria-label={label}>
      <pattern id={pattern} width={step} height={28} patternUnits="userSpaceOnUse">
        <rect width={w} height={28} rx={1} className={stateStyle.operational.fill} />
      </pattern>
      <rect width={width} height={28} fill={`url(#${pattern})`} />
      {states.map((s, i) => {
        if (s === 'operational') return null
        const x = (dir === 'rtl' ? days - 1 - i : i) * step
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed series of days rendered once at build time; the index is the day
        return <rect key={i} x={x} width={w} height={28} rx={1} data-day={i} className={stateStyle[s].fill} />
      })}
    </svg>
  )
}

/** The page's reading direction, from the locale list (locales/locales.ts). */
function useDirection() {
  return { dir: dirOf(usePageContext().locale) }
}

function StatusSection() {
  const intl = useIntl()
  const f = useFormat()
  const worst = components.some((c) => c.state !== 'operational')
  return (
    <section aria-labelledby="status-title" className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="status-title" className="text-2xl font-bold text-neutral-900 dark:text-white">
          <FormattedMessage id="monitoring.status.title" />
        </h2>
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          <FormattedMessage
            id="monitoring.status.asOf"
            values={{ date: f.date(asOf), time: <bdi>{f.time(asOf)}</bdi> }}
          />
        </p>
      </div>
      <p
        className={`mt-4 flex items-center gap-2 rounded-xl border p-4 font-semibold ${worst ? 'border-warning-300 bg-warning-50 text-warning-900 dark:border-warning-700 dark:bg-warning-950 dark:text-warning-100' : 'border-primary-300 bg-primary-50 text-primary-900'}`}
      >
        <span
          className={`${worst ? 'i-lucide-circle-alert' : 'i-lucide-circle-check'} size-5 shrink-0`}
          aria-hidden="true"
        />
        <FormattedMessage id={worst ? 'monitoring.status.summaryDegraded' : 'monitoring.status.summaryOk'} />
      </p>
      <ul className="mt-4 divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900">
        {components.map((c) => {
          const name = intl.formatMessage({ id: `monitoring.component.${c.key}` as MessageId })
          const uptime = f.percent(uptimeBp(c))
          const affected = c.events.length
          return (
            <li key={c.key} className="p-4">
              <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                <h3 className="font-semibold text-neutral-900 dark:text-white">{name}</h3>
                <span className={`inline-flex items-center gap-1.5 text-sm font-medium ${stateStyle[c.state].text}`}>
                  <span className={`${stateStyle[c.state].icon} size-4`} aria-hidden="true" />
                  <FormattedMessage id={`monitoring.state.${c.state}` as MessageId} />
                </span>
              </div>
              <div className="mt-3">
                <UptimeBars
                  id={c.key}
                  states={dayStates(c)}
                  label={intl.formatMessage(
                    { id: 'monitoring.uptime.label' },
                    { component: name, uptime, count: affected },
                  )}
                />
                <div
                  className="mt-1 flex justify-between text-xs text-neutral-500 dark:text-neutral-400"
                  aria-hidden="true"
                >
                  <span>
                    <FormattedMessage id="monitoring.uptime.start" values={{ days }} />
                  </span>
                  <span>
                    <FormattedMessage id="monitoring.uptime.uptime" values={{ uptime: <bdi>{uptime}</bdi> }} />
                  </span>
                  <span>
                    <FormattedMessage id="monitoring.uptime.today" />
                  </span>
                </div>
              </div>
            </li>
          )
        })}
      </ul>
      <ul
        className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-neutral-600 dark:text-neutral-400"
        aria-label={intl.formatMessage({ id: 'monitoring.uptime.legend' })}
      >
        {(Object.keys(stateStyle) as ComponentState[]).map((s) => (
          <li key={s} className="inline-flex items-center gap-1.5">
            <svg viewBox="0 0 10 10" className="size-3" aria-hidden="true">
              <rect width="10" height="10" rx="2" className={stateStyle[s].fill} />
            </svg>
            <FormattedMessage id={`monitoring.state.${s}` as MessageId} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function IncidentsSection() {
  const intl = useIntl()
  const f = useFormat()
  return (
    <Section id="incidents" title="monitoring.incidents.title" className="mt-16">
      <ol className="mt-6 grid gap-6">
        {incidents.map((incident) => {
          const current = incident.updates[0]!
          return (
            <li key={incident.key} className="rounded-xl border border-neutral-200 p-5 dark:border-neutral-800">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-neutral-900 dark:text-white">
                  <FormattedMessage id={`monitoring.incident.${incident.key}.title` as MessageId} />
                </h3>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${current.stage === 'resolved' ? 'bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-200' : 'bg-warning-100 text-warning-900 dark:bg-warning-900 dark:text-warning-100'}`}
                >
                  <FormattedMessage id={`monitoring.stage.${current.stage}` as MessageId} />
                </span>
              </div>
              <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">
                {f.date(current.at)} ·{' '}
                {incident.components
                  .map((k) => intl.formatMessage({ id: `monitoring.component.${k}` as MessageId }))
                  .join(intl.formatMessage({ id: 'common.listSeparator' }))}
              </p>
              <ol className="mt-4 grid gap-4 border-s-2 border-neutral-200 ps-4 dark:border-neutral-700">
                {incident.updates.map((u) => (
                  <li key={u.stage} className="relative">
                    <span
                      className="absolute -start-[1.4rem] top-1.5 size-2.5 rounded-full bg-neutral-400 dark:bg-neutral-500"
                      aria-hidden="true"
                    />
                    <p className="text-sm">
                      <strong className="font-semibold text-neutral-900 dark:text-white">
                        <FormattedMessage id={`monitoring.stage.${u.stage}` as MessageId} />
                      </strong>{' '}
                      <time dateTime={u.at} className="text-neutral-500 dark:text-neutral-400">
                        <bdi>{f.time(u.at)}</bdi>
                      </time>
                    </p>
                    <p className="mt-0.5 text-neutral-700 dark:text-neutral-300">
                      <FormattedMessage id={`monitoring.incident.${incident.key}.${u.stage}` as MessageId} />
                    </p>
                  </li>
                ))}
              </ol>
            </li>
          )
        })}
      </ol>
    </Section>
  )
}

function ApprovalChart() {
  const intl = useIntl()
  const f = useFormat()
  const { dir } = useDirection()
  const [min, max] = [8500, 10000]
  const [w, h, pad] = [600, 220, 36]
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
        <h3 className="font-semibold text-neutral-900 dark:text-white">
          <FormattedMessage id="monitoring.approval.title" />
        </h3>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{summary}</p>
      </figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} direction="ltr" className="mt-4 h-auto w-full" aria-hidden="true">
        {[8500, 9000, 9500, 10000].map((g) => (
          <g key={g}>
            <line
              x1={pad}
              x2={w - pad}
              y1={y(g)}
              y2={y(g)}
              className={g === approval.thresholdBp ? 'stroke-error-500' : 'stroke-neutral-200 dark:stroke-neutral-700'}
              strokeDasharray={g === approval.thresholdBp ? '4 4' : undefined}
            />
            <text
              x={dir === 'rtl' ? w - 4 : 4}
              y={y(g) + 4}
              textAnchor={dir === 'rtl' ? 'end' : 'start'}
              className="fill-neutral-500 text-[11px]"
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
          <text key={i} x={x(i)} y={h - 4} textAnchor="middle" className="fill-neutral-500 text-[11px]">
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
                className="border-t border-neutral-100 dark:border-neutral-800"
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
  const f = useFormat()
  const largest = declines[0]!.bp
  return (
    <figure className="rounded-xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900">
      <figcaption>
        <h3 className="font-semibold text-neutral-900 dark:text-white">
          <FormattedMessage id="monitoring.declines.title" />
        </h3>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
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
                  <code dir="ltr" className="text-xs text-neutral-500">
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

export default function Page() {
  return (
    <>
      <PageHero title="monitoring.hero.title" body="monitoring.hero.body">
        <SampleNote id="monitoring.sample" />
      </PageHero>
      <StatusSection />
      <IncidentsSection />
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
        <h3 className="mt-10 text-lg font-semibold text-neutral-900 dark:text-white">
          <FormattedMessage id="monitoring.alerts.title" />
        </h3>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {alerts.map((a) => (
            <li key={a} className="rounded-xl border border-neutral-200 p-5 dark:border-neutral-800">
              <span className="i-lucide-bell-ring size-5 text-primary-700 dark:text-primary-400" aria-hidden="true" />
              <h4 className="mt-2 font-semibold text-neutral-900 dark:text-white">
                <FormattedMessage id={`monitoring.alerts.${a}.title` as MessageId} />
              </h4>
              <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
                <FormattedMessage id={`monitoring.alerts.${a}.body` as MessageId} />
              </p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
