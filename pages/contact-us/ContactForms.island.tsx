import {
  type KeyboardEvent,
  memo,
  type ReactNode,
  type SyntheticEvent,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { ApiError } from '../../api/client/http'
import { keyFor } from '../../api/client/idempotency'
import {
  type ContactField,
  type ContactMessageId,
  contactMarkets,
  limits,
  paymentMethods,
  supportTopics,
  volumeBandIds,
} from '../../api/contract/fields'
import type { MessageId } from '../../locales/messages'
import { bandAmount } from './bandAmount'
import { defineIsland } from '../../renderer/islands/define'
import { lazy, loadSoon } from '../../renderer/islands/lazy'
import {
  clearDraft,
  type FormKind,
  type FormValues,
  formFields,
  formKinds,
  latinFields,
  normaliseField,
  readDraft,
  requestOf,
  writeDraft,
} from './form'

// The contact page's forms (docs/api.md, "Contact forms"): sales and support as WAI-ARIA tabs, each
// a form sent to the API with fetch. The inputs are uncontrolled (read with FormData), so that what
// a visitor typed before this code hydrated stays; validation runs on submit with the contract's
// schema; what was typed is kept in sessionStorage until the API has it.

/** The schemas and the API client (./send.ts): loaded once, on the first focus in a form. */
const loadSend = lazy(() => import('./send'))

type Status =
  | { state: 'idle' }
  /** `after`: the failure being retried; its banner stays, so that focus stays on its button. */
  | { state: 'sending'; after?: ApiError }
  | { state: 'failed'; error: ApiError }
  | { state: 'sent'; id: string; email: string }

type Errors = Partial<Record<string, ContactMessageId>>

/**
 * Each country's monthly card volume bands (site.config.ts, a market's `volumeBands`): its
 * currency and the edges between the bands; `other` is another country's, and the list shown until
 * a country is chosen.
 */
type VolumeBands = Record<string, { currency: string; edges: readonly number[] }>

const fieldId = (kind: FormKind, field: string) => `contact-${kind}-${field}`

const inputClass = 'field mt-1.5'
const errorClass = 'mt-1 text-sm font-semibold text-error-700 dark:text-error-400'
const hintClass = 'mt-1.5 block text-sm text-neutral-600 dark:text-neutral-400'

/**
 * The two forms as tabs; `#support` in the address opens the support form. `consentVersion`: the
 * version of the consent text and the privacy notice this page shows (locales/consent.ts), sent
 * with each form. `privacyPath` is the privacy notice in the page's language, which the consent box
 * links to.
 */
function ContactForms({
  consentVersion,
  privacyPath,
  volumes,
}: {
  consentVersion: string
  privacyPath: string
  volumes: VolumeBands
}) {
  const intl = useIntl()
  const [tab, setTab] = useState<FormKind>('sales')
  const [failing, setFailing] = useState<Record<FormKind, boolean>>({ sales: false, support: false })
  const tabs = useRef<Partial<Record<FormKind, HTMLButtonElement | null>>>({})
  const baseTitle = useRef<string>(undefined)
  // A tap on a tab paints its selection first; the panels follow in a render of their own, which
  // yields to input (showing the other form is most of a switch's work: about 70 ms at 4x CPU in
  // one task before). The forms themselves do not render again for a switch.
  const shown = useDeferredValue(tab)
  const onFailing = useMemo(
    () =>
      Object.fromEntries(
        formKinds.map((kind) => [
          kind,
          (f: boolean) => setFailing((all) => (all[kind] === f ? all : { ...all, [kind]: f })),
        ]),
      ) as Record<FormKind, (failing: boolean) => void>,
    [],
  )

  useEffect(() => {
    const fromHash = () => setTab(location.hash === '#support' ? 'support' : 'sales')
    if (location.hash === '#support') fromHash()
    addEventListener('hashchange', fromHash)
    return () => removeEventListener('hashchange', fromHash)
  }, [])

  // GOV.UK's pattern: while a form shows an error, the document's title starts with "Error:".
  const inError = failing[tab]
  useEffect(() => {
    baseTitle.current ??= document.title
    const prefix = intl.formatMessage({ id: 'contact.errorPrefix' })
    document.title = inError ? `${prefix} ${baseTitle.current}` : baseTitle.current
  }, [inError, intl])

  const select = (kind: FormKind, focus = false) => {
    setTab(kind)
    history.replaceState(
      history.state,
      '',
      `${location.pathname}${location.search}${kind === 'support' ? '#support' : ''}`,
    )
    if (focus) tabs.current[kind]?.focus()
  }

  // Arrow keys move between tabs (mirrored right to left), Home and End to the first and last.
  const onKeyDown = (e: KeyboardEvent) => {
    const i = formKinds.indexOf(tab)
    const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
    const backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft'
    const to =
      e.key === forward
        ? (i + 1) % formKinds.length
        : e.key === backward
          ? (i - 1 + formKinds.length) % formKinds.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? formKinds.length - 1
              : -1
    if (to < 0) return
    e.preventDefault()
    select(formKinds[to]!, true)
  }

  return (
    <div className="needs-script rounded-2xl border border-neutral-200 bg-white p-5 sm:p-8 dark:border-neutral-800 dark:bg-neutral-900">
      <div
        role="tablist"
        aria-label={intl.formatMessage({ id: 'contact.tabs.label' })}
        className="inline-flex gap-1 rounded-xl bg-neutral-100 p-1 dark:bg-neutral-950"
        onKeyDown={onKeyDown}
      >
        {formKinds.map((kind) => (
          <button
            key={kind}
            ref={(el) => {
              tabs.current[kind] = el
            }}
            type="button"
            role="tab"
            id={`contact-tab-${kind}`}
            aria-selected={tab === kind}
            aria-controls={`contact-panel-${kind}`}
            tabIndex={tab === kind ? 0 : -1}
            onClick={() => select(kind)}
            className="rounded-lg px-5 py-2 font-semibold text-neutral-700 focus-visible:outline-2 focus-visible:outline-primary-700 dark:text-neutral-300"
          >
            <FormattedMessage id={`contact.tab.${kind}`} />
          </button>
        ))}
      </div>
      {formKinds.map((kind) => (
        <div
          key={kind}
          role="tabpanel"
          id={`contact-panel-${kind}`}
          aria-labelledby={`contact-tab-${kind}`}
          hidden={shown !== kind}
          className="mt-6"
        >
          <ContactForm
            kind={kind}
            consentVersion={consentVersion}
            privacyPath={privacyPath}
            volumes={volumes}
            onFailing={onFailing[kind]}
          />
        </div>
      ))}
    </div>
  )
}

/** What the form's fields hold now. */
function valuesOf(form: HTMLFormElement, kind: FormKind): FormValues {
  const data = new FormData(form)
  const values: FormValues = {}
  for (const field of formFields[kind]) {
    if (field === 'methods') values.methods = data.getAll('methods').map(String)
    else if (field === 'consent') values.consent = data.get('consent') === 'on'
    else values[field] = String(data.get(field) ?? '')
  }
  return values
}

/** Puts a draft's values into the fields the visitor has not filled since the page loaded. */
function restore(form: HTMLFormElement, values: FormValues) {
  for (const [field, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      const boxes = form.querySelectorAll<HTMLInputElement>(`input[type=checkbox][name="${field}"]`)
      if ([...boxes].some((b) => b.checked)) continue
      for (const box of boxes) box.checked = value.includes(box.value)
    } else if (typeof value === 'string') {
      const el = form.elements.namedItem(field)
      if (
        (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) &&
        !el.value
      )
        el.value = value
    }
  }
}

const ContactForm = memo(function ContactForm({
  kind,
  consentVersion,
  privacyPath,
  volumes,
  onFailing,
}: {
  kind: FormKind
  consentVersion: string
  privacyPath: string
  volumes: VolumeBands
  onFailing: (failing: boolean) => void
}) {
  const intl = useIntl()
  const [errors, setErrors] = useState<Errors>({})
  const [status, setStatus] = useState<Status>({ state: 'idle' })
  const [corruptDraft, setCorruptDraft] = useState(false)
  // Bumped on each failed submit, so the summary takes focus again even with the same errors.
  const [attempt, setAttempt] = useState(0)
  // The country chosen: the volume bands are in its currency.
  const [market, setMarket] = useState('')
  /** A draft's volume band, chosen once its country's bands are shown. */
  const draftVolume = useRef<string>(undefined)
  const form = useRef<HTMLFormElement>(null)
  const summary = useRef<HTMLDivElement>(null)
  const sent = useRef<HTMLHeadingElement>(null)
  const inFlight = useRef(false)
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const fields = formFields[kind]

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration: the draft fills what is still empty.
  useEffect(() => {
    const read = readDraft(sessionStorage, kind)
    if (read && 'corrupt' in read) setCorruptDraft(true)
    else if (read && form.current) {
      // The volume waits for its country's bands (below): none of the first render's may be it.
      const { volume, ...values } = read.draft.values
      restore(form.current, values)
      if (typeof volume === 'string') draftVolume.current = volume
    }
    // The country restored, or chosen before the island hydrated: its bands.
    const chosen = form.current?.elements.namedItem('market')
    if (chosen instanceof HTMLSelectElement) setMarket(chosen.value)
  }, [])

  // Another country's bands replace the options in place, so the band chosen keeps its place in
  // the list (the bands of every currency are about the same worth). A draft's band is chosen once
  // its country's bands are shown; one its country does not have (another currency's) is dropped.
  useEffect(() => {
    const el = form.current?.elements.namedItem('volume')
    const volume = draftVolume.current
    if (!volume || !(el instanceof HTMLSelectElement)) return
    if ([...el.options].some((o) => o.value === volume)) {
      if (!el.value) el.value = volume
      draftVolume.current = undefined
    } else if (market) draftVolume.current = undefined
  }, [market])

  const entries = fields.flatMap((f) => (errors[f] ? [[f, errors[f]] as const] : []))
  const others = Object.entries(errors).filter(([f]) => !(fields as readonly string[]).includes(f))
  const hasErrors = entries.length + others.length > 0
  const failing = hasErrors || status.state === 'failed'
  useEffect(() => onFailing(failing), [failing, onFailing])

  useEffect(() => {
    if (attempt > 0) summary.current?.focus()
  }, [attempt])
  useEffect(() => {
    if (status.state === 'sent') sent.current?.focus()
  }, [status.state])

  const save = (sending?: { key?: string; sent?: string }, el = form.current) => {
    if (!el) return
    const previous = readDraft(sessionStorage, kind)
    const kept = previous && 'draft' in previous ? { key: previous.draft.key, sent: previous.draft.sent } : {}
    writeDraft(sessionStorage, kind, valuesOf(el, kind), sending ?? kept)
  }

  /** Stops a save still waiting on its timer; whether one was. */
  const cancelSave = () => {
    const pending = saveTimer.current !== undefined
    clearTimeout(saveTimer.current)
    saveTimer.current = undefined
    return pending
  }

  // What was typed in the last 300 ms is saved when the island goes (a link followed in the page, the
  // tab closed or reloaded), not lost with its timer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once: the form element and the pending save are read when it runs.
  useEffect(() => {
    const el = form.current
    const flush = () => {
      if (cancelSave() && el) save(undefined, el)
    }
    addEventListener('pagehide', flush)
    return () => {
      removeEventListener('pagehide', flush)
      flush()
    }
  }, [])

  const onInput = (e: SyntheticEvent<HTMLFormElement>) => {
    cancelSave()
    saveTimer.current = setTimeout(() => {
      saveTimer.current = undefined
      save()
    }, 300)
    // After a failed submit, a field's message goes as soon as what it holds is right.
    const name = (e.target as HTMLInputElement).name as ContactField
    if (!errors[name] || !form.current) return
    const body = requestOf(kind, valuesOf(form.current, kind), consentVersion)
    void loadSend().then(({ check }) => {
      const result = check(kind, body)
      const now = result.ok ? undefined : result.errors[name]
      setErrors(({ [name]: _, ...rest }) => (now ? { ...rest, [name]: now } : rest))
    })
  }

  // Digits typed in Arabic-Indic are shown Latin once the visitor leaves the field (docs/content.md).
  const onBlur = (e: SyntheticEvent<HTMLFormElement>) => {
    const el = e.target as HTMLInputElement
    if (!latinFields.includes(el.name as ContactField)) return
    const normal = normaliseField(el.name as ContactField, el.value)
    if (normal !== el.value) el.value = normal
  }

  const submit = async (e?: SyntheticEvent) => {
    e?.preventDefault()
    if (inFlight.current || !form.current) return
    const values = valuesOf(form.current, kind)
    for (const field of latinFields) {
      const el = form.current.elements.namedItem(field)
      if (el instanceof HTMLInputElement) el.value = normaliseField(field, el.value)
    }
    const body = requestOf(kind, values, consentVersion)
    inFlight.current = true
    let api: Awaited<ReturnType<typeof loadSend>>
    try {
      api = await loadSend()
    } catch {
      // Its code could not be fetched: the network is gone (the page itself is already here).
      inFlight.current = false
      setStatus({ state: 'failed', error: { kind: 'offline' } })
      return
    }
    const checked = api.check(kind, body)
    if (!checked.ok) {
      inFlight.current = false
      setStatus({ state: 'idle' })
      setErrors(checked.errors)
      setAttempt((n) => n + 1)
      return
    }
    setErrors({})
    setStatus({ state: 'sending', after: status.state === 'failed' ? status.error : undefined })
    const previous = readDraft(sessionStorage, kind)
    const sending = keyFor(body, previous && 'draft' in previous ? previous.draft : undefined, () =>
      crypto.randomUUID(),
    )
    // The submit saves now: a save still waiting would write the draft back after it is cleared.
    cancelSave()
    save(sending)
    const result = await api.send(kind, checked.request, sending.key)
    inFlight.current = false
    if (result.ok) {
      clearDraft(sessionStorage, kind)
      setStatus({ state: 'sent', id: result.value.id, email: String(body.email) })
    } else if (result.error.kind === 'invalid' && result.error.fields) {
      setStatus({ state: 'idle' })
      setErrors(result.error.fields)
      setAttempt((n) => n + 1)
    } else {
      // A key the server saw with another body cannot be used again: the next send gets a new one.
      if (result.error.kind === 'conflict') save({})
      setStatus({ state: 'failed', error: result.error })
    }
  }

  if (status.state === 'sent')
    return (
      <div className="rounded-xl border border-success-600 bg-success-50 p-6 dark:bg-success-950">
        <h2 ref={sent} tabIndex={-1} className="text-xl font-bold text-neutral-900 outline-none dark:text-white">
          <span
            className="i-lucide-circle-check me-2 inline-block size-5 align-[-0.2em] text-success-700"
            aria-hidden="true"
          />
          <FormattedMessage id="contact.success.title" />
        </h2>
        <p className="mt-2 text-neutral-700 dark:text-neutral-300">
          <FormattedMessage id={`contact.success.${kind}`} values={{ email: <bdi dir="ltr">{status.email}</bdi> }} />
        </p>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          <FormattedMessage
            id="contact.success.reference"
            values={{
              id: (
                <bdi dir="ltr" className="font-mono">
                  {status.id.slice(0, 8)}
                </bdi>
              ),
            }}
          />
        </p>
        <button type="button" className="btn-secondary mt-5" onClick={() => setStatus({ state: 'idle' })}>
          <FormattedMessage id="contact.success.again" />
        </button>
      </div>
    )

  const message = (id: ContactMessageId) => intl.formatMessage({ id })
  const prefix = intl.formatMessage({ id: 'contact.errorPrefix' })
  const describe = (field: string, hint: boolean) =>
    [hint && `${fieldId(kind, field)}-hint`, errors[field] && `${fieldId(kind, field)}-error`]
      .filter(Boolean)
      .join(' ') || undefined
  const fieldProps = (field: ContactField, hint = false) => ({
    id: fieldId(kind, field),
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describe(field, hint),
  })
  const errorOf = (field: ContactField) =>
    errors[field] && (
      <p id={`${fieldId(kind, field)}-error`} className={errorClass}>
        <span className="sr-only">{prefix} </span>
        {message(errors[field]!)}
      </p>
    )
  const text = (
    field: ContactField,
    label: MessageId,
    options: {
      hint?: MessageId
      type?: string
      ltr?: boolean
      autoComplete?: string
      inputMode?: 'tel' | 'email'
      max: number
    },
  ) => (
    <Label kind={kind} field={field} label={label} hint={options.hint} error={errorOf(field)}>
      <input
        {...fieldProps(field, Boolean(options.hint))}
        type={options.type ?? 'text'}
        dir={options.ltr ? 'ltr' : 'auto'}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
        maxLength={options.max}
        spellCheck={options.ltr ? false : undefined}
        className={inputClass}
      />
    </Label>
  )
  const select = (
    field: ContactField,
    label: MessageId,
    options: readonly string[],
    more: { hint?: MessageId; labels?: readonly string[]; onChange?: (value: string) => void } = {},
  ) => (
    <Label kind={kind} field={field} label={label} hint={more.hint} error={errorOf(field)}>
      <select
        {...fieldProps(field, Boolean(more.hint))}
        defaultValue=""
        onChange={more.onChange && ((e) => more.onChange!(e.currentTarget.value))}
        className={inputClass}
      >
        <option value="">{intl.formatMessage({ id: 'contact.field.choose' })}</option>
        {options.map((o, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: by place: the volume's options change with the country, and the one chosen stays chosen.
          <option key={i} value={o}>
            {more.labels?.[i] ?? intl.formatMessage({ id: `contact.${field}.${o}` as MessageId })}
          </option>
        ))}
      </select>
    </Label>
  )
  const bands = volumes[market] ?? volumes.other!
  // Option text only: the currency by name, millions in words (./bandAmount.ts).
  const amount = (n: number, bare?: boolean) => bandAmount(intl.locale, bands.currency, n, bare)
  const volumeLabels = [
    intl.formatMessage({ id: 'contact.volume.under' }, { amount: amount(bands.edges[0]!) }),
    ...bands.edges
      .slice(1)
      .map((edge, i) =>
        intl.formatMessage(
          { id: 'contact.volume.between' },
          { lower: amount(bands.edges[i]!, bands.edges[i]! >= 1e6), upper: amount(edge) },
        ),
      ),
    intl.formatMessage({ id: 'contact.volume.over' }, { amount: amount(bands.edges.at(-1)!) }),
  ]
  const busy = status.state === 'sending'

  return (
    <form
      onFocus={() => loadSoon(loadSend)}
      ref={form}
      noValidate
      onSubmit={submit}
      onInput={onInput}
      onBlur={onBlur}
      aria-labelledby={`contact-tab-${kind}`}
    >
      <p className="text-neutral-700 dark:text-neutral-300">
        <FormattedMessage id={`contact.${kind}.intro`} />
      </p>
      {corruptDraft && (
        <p
          role="status"
          className="mt-4 rounded-lg bg-warning-50 p-3 text-sm text-neutral-800 dark:bg-warning-950 dark:text-neutral-200"
        >
          <FormattedMessage id="contact.draft.corrupt" />
        </p>
      )}
      {hasErrors && (
        <div
          ref={summary}
          tabIndex={-1}
          className="mt-5 rounded-xl border-2 border-error-700 p-5 outline-none focus:outline-3 focus:outline-solid focus:outline-offset-2 focus:outline-error-700 dark:border-error-400 dark:focus:outline-error-400"
        >
          <h2 id={`${fieldId(kind, 'summary')}-title`} className="text-lg font-bold text-neutral-900 dark:text-white">
            <FormattedMessage id="contact.summary.title" />
          </h2>
          <div role="alert">
            <ul className="mt-2 grid gap-1">
              {entries.map(([field, id]) => (
                <li key={field}>
                  <a
                    href={`#${firstControl(kind, field)}`}
                    className="font-semibold text-error-700 underline dark:text-error-400"
                    onClick={(e) => {
                      e.preventDefault()
                      document.getElementById(firstControl(kind, field))?.focus()
                    }}
                  >
                    {message(id)}
                  </a>
                </li>
              ))}
              {others.map(([field, id]) => (
                <li key={field} className="font-semibold text-error-700 dark:text-error-400">
                  {message(id!)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        {text('name', 'contact.field.name', { autoComplete: 'name', max: limits.name })}
        {text('email', kind === 'sales' ? 'contact.field.workEmail' : 'contact.field.email', {
          type: 'email',
          ltr: true,
          autoComplete: 'email',
          inputMode: 'email',
          hint: 'contact.hint.email',
          max: limits.email,
        })}
        {kind === 'sales' ? (
          <>
            {text('company', 'contact.field.company', { autoComplete: 'organization', max: limits.company })}
            {text('phone', 'contact.field.phone', {
              type: 'tel',
              ltr: true,
              autoComplete: 'tel',
              inputMode: 'tel',
              hint: 'contact.hint.phone',
              max: 24,
            })}
            {select('market', 'contact.field.market', contactMarkets, { onChange: setMarket })}
            {select('volume', 'contact.field.volume', volumeBandIds(bands.currency, bands.edges), {
              hint: 'contact.hint.volume',
              labels: volumeLabels,
            })}
            <fieldset
              className="sm:col-span-2"
              aria-describedby={errors.methods ? `${fieldId(kind, 'methods')}-error` : undefined}
            >
              <legend className="font-semibold text-neutral-900 dark:text-white">
                <FormattedMessage id="contact.field.methods" />
              </legend>
              {errorOf('methods')}
              <div className="mt-2 grid gap-2 sm:grid-cols-3">
                {paymentMethods.map((m) => (
                  <label key={m} className="inline-flex items-center gap-2">
                    <input
                      type="checkbox"
                      name="methods"
                      value={m}
                      id={`${fieldId(kind, 'methods')}-${m}`}
                      className="size-4 accent-primary-700"
                    />
                    <FormattedMessage id={`contact.method.${m}`} />
                  </label>
                ))}
              </div>
            </fieldset>
          </>
        ) : (
          <>
            {text('merchantId', 'contact.field.merchantId', {
              ltr: true,
              hint: 'contact.hint.merchantId',
              max: limits.id,
            })}
            {text('transactionId', 'contact.field.transactionId', {
              ltr: true,
              hint: 'contact.hint.transactionId',
              max: limits.id,
            })}
            {select('topic', 'contact.field.topic', supportTopics)}
          </>
        )}
        <div className="sm:col-span-2">
          <Label
            kind={kind}
            field="message"
            label={`contact.field.${kind}Message`}
            hint={`contact.hint.${kind}Message`}
            error={errorOf('message')}
          >
            <textarea
              {...fieldProps('message', true)}
              dir="auto"
              rows={6}
              maxLength={limits.message}
              className={inputClass}
            />
          </Label>
        </div>
        <div className="sm:col-span-2">
          {errorOf('consent')}
          <label className="flex items-start gap-3">
            <input type="checkbox" {...fieldProps('consent')} className="mt-1 size-4 shrink-0 accent-primary-700" />
            <span className="text-neutral-800 dark:text-neutral-200">
              {/* The notice opens in this tab: the draft waits in sessionStorage (the consent is asked again). */}
              <FormattedMessage
                id="contact.field.consent"
                values={{
                  link: (chunks: ReactNode[]) => (
                    <a href={privacyPath} className="font-semibold text-primary-700 underline dark:text-primary-400">
                      {chunks}
                    </a>
                  ),
                }}
              />
            </span>
          </label>
        </div>
        {/* The honeypot: out of sight and out of the tab order; a person leaves it empty. */}
        <div className="sr-only" aria-hidden="true">
          <label htmlFor={fieldId(kind, 'website')}>
            <FormattedMessage id="contact.field.website" />
          </label>
          <input id={fieldId(kind, 'website')} name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
      </div>
      {/* Kept while a retry is sent: unmounting it would drop the focused "Try again" on the document
          (WCAG 2.4.3); its text says "Sending…" meanwhile, so that a second failure is announced again. */}
      {(status.state === 'failed' || (status.state === 'sending' && status.after)) && (
        <StatusBanner
          error={status.state === 'failed' ? status.error : status.after!}
          sending={status.state === 'sending'}
          onRetry={() => void submit()}
        />
      )}
      <button
        type="submit"
        aria-disabled={busy || undefined}
        className="btn-primary mt-6 aria-disabled:cursor-progress aria-disabled:opacity-75"
      >
        {busy && <span className="i-lucide-loader-circle size-4 animate-spin" aria-hidden="true" />}
        <FormattedMessage id={busy ? 'contact.sending' : `contact.submit.${kind}`} />
      </button>
    </form>
  )
})

/** The control an error summary's link focuses: the first box of a group, else the field itself. */
function firstControl(kind: FormKind, field: string) {
  return field === 'methods' ? `${fieldId(kind, 'methods')}-${paymentMethods[0]}` : fieldId(kind, field)
}

function Label({
  kind,
  field,
  label,
  hint,
  error,
  children,
}: {
  kind: FormKind
  field: ContactField
  label: MessageId
  hint?: MessageId
  error: ReactNode
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={fieldId(kind, field)} className="font-semibold text-neutral-900 dark:text-white">
        <FormattedMessage id={label} />
      </label>
      {error}
      {children}
      {/* Under the field, so that the fields of a row line up whatever their hints. */}
      {hint && (
        <span id={`${fieldId(kind, field)}-hint`} className={hintClass}>
          <FormattedMessage id={hint} />
        </span>
      )}
    </div>
  )
}

const statusMessages: Record<ApiError['kind'], MessageId> = {
  offline: 'contact.status.offline',
  timeout: 'contact.status.timeout',
  rate: 'contact.status.rate',
  server: 'contact.status.server',
  'bad-response': 'contact.status.badResponse',
  conflict: 'contact.status.conflict',
  invalid: 'contact.status.badResponse',
}

/** A failure that is not the visitor's to fix: what happened, that nothing is lost, and a way to send again. */
function StatusBanner({ error, sending, onRetry }: { error: ApiError; sending: boolean; onRetry: () => void }) {
  const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60))
  return (
    <div
      role="alert"
      className="mt-6 flex flex-wrap items-center gap-4 rounded-xl border-2 border-error-700 bg-error-50 p-4 text-neutral-900 dark:border-error-400 dark:bg-error-950 dark:text-white"
    >
      <span className="i-lucide-circle-alert size-5 shrink-0 text-error-700 dark:text-error-400" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <FormattedMessage id={sending ? 'contact.sending' : statusMessages[error.kind]} values={{ minutes }} />
      </p>
      <button type="button" className="btn-secondary" aria-disabled={sending || undefined} onClick={onRetry}>
        <FormattedMessage id="contact.retry" />
      </button>
    </div>
  )
}

export default defineIsland('ContactForms', ContactForms, { messages: ['contact.'] })
