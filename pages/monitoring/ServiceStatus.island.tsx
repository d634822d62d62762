import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { safeParse } from 'valibot'
import {
  availabilityBp,
  type ComponentState,
  datesUntil,
  dayIn,
  freshness,
  isActive,
  isOpen,
  isUpcoming,
  StatusDocument,
  type StatusProblem,
  statusDays,
  statusPaths,
  worst,
} from '../../api/contract/status'
import type { MessageId } from '../../locales/messages'
import { defineIsland } from '../../renderer/islands/define'
import { useFormat } from './format'

// The status part of /monitoring (docs/status.md): prerendered from the build's status document,
// then fed live from /status/status.json on load, every minute while the tab is visible, and on
// focus. A document that is missing, malformed, dated ahead or older than 10 minutes leaves the
// build's view (or the last good one still fresh) with a notice that says which. Everything keeps
// its size when the figures change: no layout shift.

const pollMs = 60_000

const stateStyle: Record<ComponentState | 'none', { fill: string; text: string; icon: string }> = {
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
  none: { fill: 'fill-neutral-200 dark:fill-neutral-700', text: '', icon: '' },
}
/** The legend's order: as a reader meets them, best first. */
const legend = ['operational', 'degraded', 'partial', 'major', 'maintenance', 'none'] as const

/**
 * One bar per day, time running toward the reading direction's end. The operational days, nearly
 * all of them, are one rect filled with a pattern (a few hundred bytes instead of 90 rects); each
 * other day, and each day not measured, is a bar of its own drawn over its place.
 */
function UptimeBars({
  dates,
  id,
  states,
  label,
  rtl,
}: {
  dates: string[]
  id: string
  states: (ComponentState | 'none')[]
  label: string
  rtl: boolean
}) {
  const w = 4
  const step = w + 1
  const width = statusDays * step - 1
  const pattern = `uptime-${id}`
  return (
    <svg viewBox={`0 0 ${width} 28`} preserveAspectRatio="none" className="h-7 w-full" role="img" aria-label={label}>
      <pattern id={pattern} width={step} height={28} patternUnits="userSpaceOnUse">
        <rect width={w} height={28} rx={1} className={stateStyle.operational.fill} />
      </pattern>
      <rect width={width} height={28} fill={`url(#${pattern})`} />
      {states.map((s, i) => {
        if (s === 'operational') return null
        const x = (rtl ? statusDays - 1 - i : i) * step
        return (
          <rect
            key={dates[i]}
            x={x}
            width={w}
            height={28}
            rx={1}
            data-day={i}
            data-state={s}
            className={stateStyle[s].fill}
          />
        )
      })}
    </svg>
  )
}

function ServiceStatus({ doc: built, lang, rtl }: { doc: StatusDocument; lang: 'en' | 'ar'; rtl: boolean }) {
  const intl = useIntl()
  // The document shown and, when it is not a fresh one just read, why. The build's own is shown
  // until a fresh document arrives; on a problem, the last good one while it is still fresh.
  const [view, setView] = useState<{ doc: StatusDocument; problem?: StatusProblem }>({ doc: built })

  useEffect(() => {
    let last: StatusDocument | undefined
    const refresh = async () => {
      let problem: StatusProblem | undefined
      let doc: StatusDocument | undefined
      try {
        const res = await fetch(statusPaths.document, { cache: 'no-cache' })
        if (!res.ok) problem = 'missing'
        else {
          // Not JSON, or not the contract's document: malformed either way (the reason is the command's to say).
          const parsed = safeParse(StatusDocument, await res.json().catch(() => undefined))
          if (parsed.success) doc = parsed.output
          else problem = 'malformed'
        }
      } catch {
        problem = 'missing'
      }
      const now = Date.now()
      if (doc) problem = freshness(doc, now)
      if (doc && !problem) last = doc
      else if (last && freshness(last, now)) last = undefined
      setView({ doc: last ?? built, problem })
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh()
    }
    void refresh()
    const timer = setInterval(onVisible, pollMs)
    document.addEventListener('visibilitychange', onVisible)
    addEventListener('focus', onVisible)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
      removeEventListener('focus', onVisible)
    }
  }, [built])

  const { doc, problem } = view
  const f = useFormat(doc.timeZone)
  const now = Date.parse(doc.updatedAt)
  const name = (key: string) => intl.formatMessage({ id: `status.component.${key}` as MessageId })
  const list = (keys: readonly string[]) => keys.map(name).join(intl.formatMessage({ id: 'common.listSeparator' }))
  const affected = doc.components.filter((c) => c.state !== 'operational')
  const worstState = affected.reduce<ComponentState>((w, c) => worst(w, c.state), 'operational')
  const summary: MessageId =
    worstState === 'operational'
      ? 'monitoring.status.summaryOk'
      : worstState === 'maintenance'
        ? 'monitoring.status.summaryMaintenance'
        : worstState === 'degraded'
          ? 'monitoring.status.summaryDegraded'
          : 'monitoring.status.summaryOutage'
  const dates = datesUntil(dayIn(Date.parse(doc.updatedAt), doc.timeZone), statusDays)
  const maintenance = doc.maintenance.filter((m) => isActive(m, now) || isUpcoming(m, now) || m.cancelled)
  return (
    <div data-status-view={doc === built ? 'build' : 'live'} data-revision={doc.revision} data-problem={problem}>
      <section aria-labelledby="status-title" className="mt-12">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="status-title" className="text-2xl font-bold text-neutral-900 dark:text-white">
            <FormattedMessage id="monitoring.status.title" />
            {doc.sample && (
              <span className="ms-3 rounded-full bg-neutral-100 px-2.5 py-0.5 align-middle text-xs font-semibold text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
                <FormattedMessage id="monitoring.status.sampleTag" />
              </span>
            )}
          </h2>
          {/* Only the notice is a live region: the time changes every minute and is not news. */}
          <p className="text-sm text-neutral-500 dark:text-neutral-400" data-status-updated>
            <span role="status" className="block font-medium text-warning-800 dark:text-warning-200">
              {problem && (
                <span data-status-notice={problem}>
                  <FormattedMessage id={`monitoring.status.notice.${problem}` as MessageId} />
                </span>
              )}
            </span>
            <FormattedMessage
              id="monitoring.status.asOf"
              values={{ date: f.date(doc.updatedAt), time: <bdi>{f.time(doc.updatedAt)}</bdi> }}
            />
          </p>
        </div>
        <p
          className={`mt-4 flex items-center gap-2 rounded-xl border p-4 font-semibold ${worstState !== 'operational' ? 'border-warning-300 bg-warning-50 text-warning-900 dark:border-warning-700 dark:bg-warning-950 dark:text-warning-100' : 'border-primary-300 bg-primary-50 text-primary-900'}`}
          data-status-summary={worstState}
          // A change of the platform's state, while the page is open, is announced once.
          role="status"
        >
          <span
            className={`${worstState !== 'operational' ? 'i-lucide-circle-alert' : 'i-lucide-circle-check'} size-5 shrink-0`}
            aria-hidden="true"
          />
          <FormattedMessage id={summary} values={{ components: list(affected.map((c) => c.key)) }} />
        </p>
        <ul className="mt-4 divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900">
          {doc.components.map((c) => {
            const label = name(c.key)
            const byDate = new Map(c.days.map((d) => [d.date, d]))
            const states = dates.map((date) => {
              const d = byDate.get(date)
              if (!d) return 'none' as const
              return d.state ?? (d.failed > 0 ? 'degraded' : 'operational')
            })
            const shown = c.days.filter((d) => d.date >= dates[0]!)
            const bp = availabilityBp(shown)
            const uptime = bp === undefined ? undefined : f.percent(bp)
            const count = states.filter((s) => s !== 'operational' && s !== 'none').length
            return (
              <li key={c.key} className="p-4" data-component={c.key} data-state={c.state}>
                <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                  <h3 className="font-semibold text-neutral-900 dark:text-white">{label}</h3>
                  <span className={`inline-flex items-center gap-1.5 text-sm font-medium ${stateStyle[c.state].text}`}>
                    <span className={`${stateStyle[c.state].icon} size-4`} aria-hidden="true" />
                    <FormattedMessage id={`monitoring.state.${c.state}` as MessageId} />
                  </span>
                </div>
                <div className="mt-3">
                  <UptimeBars
                    id={c.key}
                    dates={dates}
                    rtl={rtl}
                    states={states}
                    label={
                      uptime === undefined
                        ? intl.formatMessage({ id: 'monitoring.uptime.unmeasured' }, { component: label })
                        : intl.formatMessage({ id: 'monitoring.uptime.label' }, { component: label, uptime, count })
                    }
                  />
                  <div
                    className="mt-1 flex justify-between text-xs text-neutral-500 dark:text-neutral-400"
                    aria-hidden="true"
                  >
                    <span>
                      <FormattedMessage id="monitoring.uptime.start" values={{ days: statusDays }} />
                    </span>
                    <span data-uptime>
                      {uptime === undefined ? (
                        <FormattedMessage id="monitoring.uptime.none" />
                      ) : (
                        <FormattedMessage id="monitoring.uptime.uptime" values={{ uptime: <bdi>{uptime}</bdi> }} />
                      )}
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
          {legend.map((s) => (
            <li key={s} className="inline-flex items-center gap-1.5">
              <svg viewBox="0 0 10 10" className="size-3" aria-hidden="true">
                <rect width="10" height="10" rx="2" className={stateStyle[s].fill} />
              </svg>
              <FormattedMessage
                id={s === 'none' ? 'monitoring.uptime.noData' : (`monitoring.state.${s}` as MessageId)}
              />
            </li>
          ))}
        </ul>
      </section>
      {maintenance.length > 0 && (
        <section aria-labelledby="maintenance-title" className="mt-12">
          <h2 id="maintenance-title" className="text-2xl font-bold text-neutral-900 dark:text-white">
            <FormattedMessage id="monitoring.maintenance.title" />
          </h2>
          <ul className="mt-4 grid gap-4">
            {maintenance.map((m) => (
              <li
                key={m.id}
                id={`maintenance-${m.id}`}
                data-maintenance={m.id}
                className="rounded-xl border border-neutral-200 p-5 dark:border-neutral-800"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-neutral-900 dark:text-white">{m.title[lang]}</h3>
                  <span className="rounded-full bg-secondary-100 px-2.5 py-0.5 text-xs font-semibold text-secondary-900 dark:bg-secondary-900 dark:text-secondary-100">
                    <FormattedMessage
                      id={
                        m.cancelled
                          ? 'monitoring.maintenance.cancelled'
                          : isActive(m, now)
                            ? 'monitoring.maintenance.active'
                            : 'monitoring.maintenance.upcoming'
                      }
                    />
                  </span>
                </div>
                <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">
                  <FormattedMessage
                    id="monitoring.maintenance.window"
                    values={{ from: <bdi>{f.dateTime(m.from)}</bdi>, to: <bdi>{f.dateTime(m.to)}</bdi> }}
                  />{' '}
                  · {list(m.components)}
                </p>
                <p className="mt-2 text-neutral-700 dark:text-neutral-300">{(m.cancelled?.text ?? m.text)[lang]}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="incidents" className="mt-16">
        <h2 id="incidents" className="text-2xl font-bold text-neutral-900 dark:text-white">
          <FormattedMessage id="monitoring.incidents.title" />
        </h2>
        {doc.incidents.length === 0 ? (
          <p className="mt-6 text-neutral-600 dark:text-neutral-400">
            <FormattedMessage id="monitoring.incidents.none" />
          </p>
        ) : (
          <ol className="mt-6 grid gap-6">
            {doc.incidents.map((incident) => {
              const current = incident.updates[0]!
              return (
                <li
                  key={incident.id}
                  id={`incident-${incident.id}`}
                  data-incident={incident.id}
                  data-stage={current.stage}
                  className="rounded-xl border border-neutral-200 p-5 dark:border-neutral-800"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold text-neutral-900 dark:text-white">{incident.title[lang]}</h3>
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${isOpen(incident) ? 'bg-warning-100 text-warning-900 dark:bg-warning-900 dark:text-warning-100' : 'bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-200'}`}
                    >
                      <FormattedMessage id={`monitoring.stage.${current.stage}` as MessageId} />
                    </span>
                  </div>
                  <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">
                    {f.date(current.at)} · {list(incident.components)}
                  </p>
                  <ol className="mt-4 grid gap-4 border-s-2 border-neutral-200 ps-4 dark:border-neutral-700">
                    {incident.updates.map((u) => (
                      <li key={u.at + u.stage} className="relative">
                        <span
                          className="absolute -start-[1.4rem] top-1.5 size-2.5 rounded-full bg-neutral-400 dark:bg-neutral-500"
                          aria-hidden="true"
                        />
                        <p className="text-sm">
                          <strong className="font-semibold text-neutral-900 dark:text-white">
                            <FormattedMessage id={`monitoring.stage.${u.stage}` as MessageId} />
                          </strong>{' '}
                          <time dateTime={u.at} className="text-neutral-500 dark:text-neutral-400">
                            <bdi>{f.dateTime(u.at)}</bdi>
                          </time>
                        </p>
                        <p className="mt-0.5 text-neutral-700 dark:text-neutral-300">{u.text[lang]}</p>
                      </li>
                    ))}
                  </ol>
                </li>
              )
            })}
          </ol>
        )}
      </section>
    </div>
  )
}

export default defineIsland('ServiceStatus', ServiceStatus, {
  messages: [
    'monitoring.status.',
    'status.component.',
    'monitoring.state.',
    'monitoring.uptime.',
    'monitoring.stage.',
    'monitoring.incidents.',
    'monitoring.maintenance.',
    'common.listSeparator',
  ],
})
