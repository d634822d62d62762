import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Dir } from '../../locales/locales'
import type { MessageId } from '../../locales/messages'
import { signFaces } from '../../api/contract/faces'
import { Money } from '../../renderer/components/Money'
import { defineIsland } from '../../renderer/islands/define'
import { events } from '../../renderer/shared/dom'
import {
  defaultTheme,
  fonts,
  readableOn,
  fontStacks,
  logoMaxLength,
  previewCard,
  radiusRange,
  textOn,
  themeConfig,
  themeFromQuery,
  themeToQuery,
  type Theme,
} from './theme'

interface Props {
  /** The page's direction: the preview's default. */
  dir: Dir
  /** The page's locale code, written into the configuration. */
  locale: string
  /** The brand that processes the payment ("Payments by Rasid"). */
  brand: string
  /** The payment methods in display order, mada first (api/contract/markets.ts). */
  methods: readonly string[]
  /** The sample order. */
  order: { number: string; amount: number; currency: string }
}

// Brands with an official Arabic name are written in the page's language (docs/content.md).
const fontLabels: Record<Theme['font'], MessageId> = {
  system: 'design.preview.fontSystem',
  inter: 'design.preview.fontInter',
  plex: 'design.preview.fontPlex',
  serif: 'design.preview.fontSerif',
}

/**
 * The theme previewer of the design page (docs/content.md, Design): controls on one side, the hosted
 * payment page the merchant's customers see on the other, and the configuration to copy. The
 * choice lives in the URL query: a link shares it, back and forward step through it.
 */
function ThemePreview({ dir, locale, brand, methods, order }: Props) {
  const intl = useIntl()
  const defaults = defaultTheme(dir, intl.formatMessage({ id: 'design.preview.defaultLogo' }))
  // The first render is the prerendered one; the query is applied once hydrated.
  const [theme, setTheme] = useState<Theme>(defaults)
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle')
  const pushTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const id = useId()

  // biome-ignore lint/correctness/useExhaustiveDependencies: the defaults are fixed for the life of the page.
  useEffect(() => {
    const fromUrl = () => setTheme(themeFromQuery(location.search, defaults))
    fromUrl()
    addEventListener('popstate', fromUrl)
    return () => removeEventListener('popstate', fromUrl)
  }, [])

  const update = (patch: Partial<Theme>) => {
    const next = { ...theme, ...patch }
    setTheme(next)
    setCopy('idle')
    // One history entry per pause, not per keystroke or pixel dragged.
    clearTimeout(pushTimer.current)
    pushTimer.current = setTimeout(() => {
      const url = location.pathname + themeToQuery(next, defaults) + location.hash
      if (url !== location.pathname + location.search + location.hash) {
        history.pushState(history.state, '', url)
        document.dispatchEvent(new Event(events.urlChange))
      }
    }, 400)
  }

  const config = JSON.stringify(themeConfig(theme, locale), null, 2)
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(config)
      setCopy('copied')
    } catch {
      setCopy('failed')
    }
  }

  // As the hosted page shows it: the riyal's own sign, named (renderer/components/Money.tsx).
  const amount = <Money minor={Math.round(order.amount * 100)} currency={order.currency} />
  // The sign's face first: its range is U+20C1 alone, so the theme's stack draws everything else.
  const fontFamily = `"${signFaces[0].family}", ${fontStacks[theme.font]}`
  const dark = theme.mode === 'dark'
  const onBrand = textOn(theme.color)
  const radius = `${theme.radius}px`
  // Digits in the monospace face (a card number, an expiry), a name in the page's own.
  const field = (labelId: MessageId, sample: string, mono = true) => (
    <div>
      <span className="block text-xs opacity-75">
        <FormattedMessage id={labelId} />
      </span>
      <span
        className={`mt-1 block border px-3 py-2 text-sm opacity-70 ${mono ? 'font-mono' : ''}`}
        dir="ltr"
        style={{ borderRadius: radius, borderColor: dark ? '#475569' : '#cbd5e1' }}
      >
        {sample}
      </span>
    </div>
  )

  return (
    <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <form
        className="grid content-start gap-5"
        onSubmit={(e) => e.preventDefault()}
        aria-labelledby={`${id}-controls`}
      >
        <h2 id={`${id}-controls`} className="text-xl font-bold">
          <FormattedMessage id="design.preview.controlsTitle" />
        </h2>
        <Control label="design.preview.color" htmlFor={`${id}-color`}>
          <input
            id={`${id}-color`}
            type="color"
            value={theme.color}
            onChange={(e) => update({ color: e.target.value.toLowerCase() })}
            className="align-middle"
          />
          <code className="ms-3 text-sm" dir="ltr">
            {theme.color}
          </code>
        </Control>
        <Control label="design.preview.radius" htmlFor={`${id}-radius`}>
          <input
            id={`${id}-radius`}
            type="range"
            min={radiusRange.min}
            max={radiusRange.max}
            step={radiusRange.step}
            value={theme.radius}
            // Its value with the unit, in the page's language: "12 px", «12 بكسل», not a bare number.
            aria-valuetext={intl.formatMessage({ id: 'design.preview.radiusValue' }, { value: theme.radius })}
            onChange={(e) => update({ radius: Number(e.target.value) })}
            className="w-40 align-middle"
          />
          <output htmlFor={`${id}-radius`} className="ms-3 text-sm">
            <FormattedMessage id="design.preview.radiusValue" values={{ value: theme.radius }} />
          </output>
        </Control>
        <Control label="design.preview.font" htmlFor={`${id}-font`}>
          <select
            id={`${id}-font`}
            value={theme.font}
            onChange={(e) => update({ font: e.target.value as Theme['font'] })}
            className="field max-w-xs"
          >
            {fonts.map((f) => (
              <option key={f} value={f}>
                {intl.formatMessage({ id: fontLabels[f] })}
              </option>
            ))}
          </select>
        </Control>
        <Control label="design.preview.logo" htmlFor={`${id}-logo`}>
          <input
            id={`${id}-logo`}
            type="text"
            dir="auto"
            maxLength={logoMaxLength}
            value={theme.logo}
            onChange={(e) => update({ logo: e.target.value })}
            onBlur={(e) => !e.target.value.trim() && update({ logo: defaults.logo })}
            className="w-full rounded-md border border-neutral-300 bg-white px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900"
          />
        </Control>
        <Choice
          legend="design.preview.mode"
          name={`${id}-mode`}
          value={theme.mode}
          options={[
            ['light', 'design.preview.modeLight'],
            ['dark', 'design.preview.modeDark'],
          ]}
          onChange={(mode) => update({ mode })}
        />
        <Choice
          legend="design.preview.dir"
          name={`${id}-dir`}
          value={theme.dir}
          options={[
            ['ltr', 'design.preview.dirLtr'],
            ['rtl', 'design.preview.dirRtl'],
          ]}
          onChange={(d) => update({ dir: d })}
        />
        <button type="button" className="btn-secondary justify-self-start" onClick={() => update(defaults)}>
          <span className="i-lucide-rotate-ccw size-4" aria-hidden="true" />
          <FormattedMessage id="design.preview.reset" />
        </button>
      </form>

      {/* On a phone the preview comes first, so that a change shows where it is made; the controls
          follow it (from lg they sit beside it). */}
      <div className="order-first grid content-start gap-6 lg:order-none">
        <figure className="rounded-2xl bg-neutral-100 p-4 sm:p-8 dark:bg-neutral-900" aria-labelledby={`${id}-preview`}>
          <figcaption
            id={`${id}-preview`}
            className="mb-4 flex flex-wrap items-center justify-between gap-2 text-sm ink-muted"
          >
            <FormattedMessage id="design.preview.label" />
            <span className="rounded bg-white px-2 py-0.5 text-xs text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
              <FormattedMessage id="design.preview.sample" />
            </span>
          </figcaption>
          <div
            data-testid="hosted-page"
            dir={theme.dir}
            data-mode={theme.mode}
            className="mx-auto grid max-w-md gap-5 p-6 shadow-lg"
            style={{
              fontFamily,
              borderRadius: radius,
              background: dark ? '#0f172a' : '#ffffff',
              color: dark ? '#f1f5f9' : '#0f172a',
            }}
          >
            <div className="flex items-center justify-between gap-3">
              <span
                data-testid="hosted-logo"
                className="text-xl font-bold"
                style={{ color: readableOn(theme.color, dark ? '#0f172a' : '#ffffff', dark ? '#f1f5f9' : '#0f172a') }}
              >
                {theme.logo}
              </span>
              <span className="inline-flex items-center gap-1 text-xs opacity-75">
                <span className="i-lucide-lock size-3.5" aria-hidden="true" />
                <FormattedMessage id="design.preview.secure" />
              </span>
            </div>
            <div
              className="flex items-baseline justify-between gap-3 border-b pb-4"
              style={{ borderColor: dark ? '#334155' : '#e2e8f0' }}
            >
              <span className="text-sm opacity-75">
                <FormattedMessage id="design.preview.order" values={{ number: <bdi dir="ltr">{order.number}</bdi> }} />
              </span>
              <span className="text-end">
                <span className="block text-xs opacity-75">
                  <FormattedMessage id="design.preview.total" />
                </span>
                <bdi className="text-xl font-bold">{amount}</bdi>
              </span>
            </div>
            <div>
              <span className="text-xs opacity-75">
                <FormattedMessage id="design.preview.payWith" />
              </span>
              <ul className="mt-2 flex flex-wrap gap-2 text-xs font-semibold">
                {/* Every method alike: none is chosen before the customer chooses. */}
                {methods.map((m) => (
                  <li
                    key={m}
                    className="border px-2 py-1"
                    style={{ borderRadius: radius, borderColor: dark ? '#475569' : '#cbd5e1' }}
                  >
                    <bdi>{intl.formatMessage({ id: `method.${m}` as MessageId })}</bdi>
                  </li>
                ))}
              </ul>
            </div>
            {/* The hosted page's own fields and labels (`sandbox.card.*`, tests/unit/hostedCopy.test.ts),
                with a card the sandbox takes: the test-cards guide's approved Visa. */}
            {field('design.preview.cardNumber', previewCard)}
            <div className="grid grid-cols-2 gap-3">
              {field('design.preview.expiry', '12/30')}
              {field('design.preview.cvc', '•••')}
            </div>
            {field('design.preview.name', 'Noura Alharbi', false)}
            <span
              data-testid="hosted-pay"
              className="block px-4 py-3 text-center font-semibold"
              style={{ background: theme.color, color: onBrand, borderRadius: radius }}
            >
              <FormattedMessage id="design.preview.pay" values={{ amount: <bdi>{amount}</bdi> }} />
            </span>
            <p className="text-center text-xs opacity-60">
              <FormattedMessage id="design.preview.poweredBy" values={{ brand }} />
            </p>
          </div>
        </figure>
      </div>

      {/* The configuration under both: its words and button in the controls' column, the code under
          the preview, so neither column ends in a blank. */}
      <section
        aria-labelledby={`${id}-config`}
        className="grid gap-4 lg:col-span-2 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:gap-8"
      >
        <div>
          <h2 id={`${id}-config`} className="text-xl font-bold">
            <FormattedMessage id="design.preview.configTitle" />
          </h2>
          <p className="mt-2 ink-muted">
            <FormattedMessage id="design.preview.configBody" />
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <button type="button" className="btn-primary" onClick={() => void onCopy()}>
              <span className="i-lucide-copy size-4" aria-hidden="true" />
              <FormattedMessage id="design.preview.copy" />
            </button>
            <span role="status" className="text-sm ink-muted">
              {copy === 'copied' && <FormattedMessage id="design.preview.copied" />}
              {copy === 'failed' && <FormattedMessage id="design.preview.copyFailed" />}
            </span>
          </div>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a <pre> keeps the code's spaces; the group names its scrolling box */}
        <pre
          data-testid="theme-config"
          dir="ltr"
          role="group"
          aria-labelledby={`${id}-config`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          className="overflow-x-auto rounded-xl bg-neutral-900 p-4 text-start text-xs text-neutral-100 sm:text-sm"
        >
          <code>{config}</code>
        </pre>
      </section>
    </div>
  )
}

function Control({ label, htmlFor, children }: { label: MessageId; htmlFor: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="block text-sm font-medium">
        <FormattedMessage id={label} />
      </label>
      <div className="mt-1.5 flex items-center">{children}</div>
    </div>
  )
}

function Choice<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: MessageId
  name: string
  value: V
  options: [V, MessageId][]
  onChange: (v: V) => void
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">
        <FormattedMessage id={legend} />
      </legend>
      <div className="mt-1.5 flex flex-wrap gap-4">
        {options.map(([v, label]) => (
          <label key={v} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={v}
              checked={value === v}
              onChange={() => onChange(v)}
              className="accent-primary-700"
            />
            <FormattedMessage id={label} />
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export default defineIsland('ThemePreview', ThemePreview, {
  messages: ['design.preview.', 'method.', 'common.currencySign.'],
})
