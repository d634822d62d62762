import { memo, type ReactNode, type SyntheticEvent, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import {
  type ContactField,
  contactMarkets,
  limits,
  paymentMethods,
  supportTopics,
  volumeBandIds,
} from '../../api/contract/fields'
import { lazy, loadSoon } from '../../renderer/islands/lazy'
import { bandAmount } from './bandAmount'
import { sendingOf } from './draft'
import { controlProps, type Errors, fieldId, recheck, summaryOf } from './errors'
import { ErrorSummary } from './ErrorSummary'
import { Field, FieldError, inputClass, SelectField, TextField } from './Field'
import { clearDraft, type FormKind, formFields, latinFields, normaliseField, requestOf, valuesOf } from './form'
import { Sent } from './Sent'
import { afterSend, bannerOf, type Status } from './status'
import { StatusBanner } from './StatusBanner'
import { useDraft } from './useDraft'

/** The schemas and the API client (./send.ts): loaded once, on the first focus in a form. */
const loadSend = lazy(() => import('./send'))

/**
 * Each country's monthly card volume bands (api/contract/markets.ts, a market's `volumeBands`): its
 * currency and the edges between the bands; `other` is another country's, and the list shown until
 * a country is chosen.
 */
export type VolumeBands = Record<string, { currency: string; edges: readonly number[] }>

/**
 * One of the contact page's forms (./ContactForms.island.tsx shows them as tabs): uncontrolled
 * inputs read with FormData, so that what a visitor typed before this code hydrated stays; checked
 * on submit with the contract's schema, then sent with the draft's Idempotency-Key (./useDraft.ts
 * keeps what was typed in sessionStorage until the API has it). `onFailing`: whether the form shows
 * an error, for the document's title.
 */
export const ContactForm = memo(function ContactForm({
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
  // Bumped on each failed submit, so the summary takes focus again even with the same errors.
  const [attempt, setAttempt] = useState(0)
  // The country chosen: the volume bands are in its currency.
  const [market, setMarket] = useState('')
  const form = useRef<HTMLFormElement>(null)
  const summary = useRef<HTMLDivElement>(null)
  const sent = useRef<HTMLHeadingElement>(null)
  const inFlight = useRef(false)
  const fields = formFields[kind]
  const draft = useDraft(kind, form, market, setMarket)

  const { linked, others } = summaryOf(fields, errors)
  const hasErrors = linked.length + others.length > 0
  const failing = hasErrors || status.state === 'failed'
  useEffect(() => onFailing(failing), [failing, onFailing])

  // In the commit that shows the summary or the sent heading, before the browser paints: the sent
  // view replaces the focused Send button, and an effect after paint would leave focus on the
  // document in between (a screen reader would announce the page).
  useLayoutEffect(() => {
    if (attempt > 0) summary.current?.focus()
  }, [attempt])
  useLayoutEffect(() => {
    if (status.state === 'sent') sent.current?.focus()
  }, [status.state])

  const onInput = (e: SyntheticEvent<HTMLFormElement>) => {
    draft.saveSoon()
    // After a failed submit, a field's message goes as soon as what it holds is right.
    const name = (e.target as HTMLInputElement).name as ContactField
    if (!errors[name] || !form.current) return
    const body = requestOf(kind, valuesOf(new FormData(form.current), kind), consentVersion)
    void loadSend().then(({ check }) => {
      const result = check(kind, body)
      setErrors((current) => recheck(current, name, result))
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
    const values = valuesOf(new FormData(form.current), kind)
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
    const sending = sendingOf(sessionStorage, kind, body, () => crypto.randomUUID())
    // The submit saves now: a save still waiting would write the draft back after it is cleared.
    draft.cancelSave()
    draft.save(sending)
    const next = afterSend(await api.send(kind, checked.request, sending.key), String(body.email))
    inFlight.current = false
    if (next.draft === 'clear') clearDraft(sessionStorage, kind)
    else if (next.draft === 'newKey') draft.save({})
    setStatus(next.status)
    if (next.errors) {
      setErrors(next.errors)
      setAttempt((n) => n + 1)
    }
  }

  if (status.state === 'sent')
    return (
      <Sent ref={sent} kind={kind} id={status.id} email={status.email} onAgain={() => setStatus({ state: 'idle' })} />
    )

  const bands = volumes[market] ?? volumes.other!
  // Option text only: the currency by name, millions in words (./bandAmount.ts); a band names its
  // currency once, after its upper edge ("50,000 to 250,000 US dollars").
  const amount = (n: number, bare?: boolean) => bandAmount(intl.locale, bands.currency, n, bare)
  const volumeLabels = [
    intl.formatMessage({ id: 'contact.volume.under' }, { amount: amount(bands.edges[0]!) }),
    ...bands.edges
      .slice(1)
      .map((edge, i) =>
        intl.formatMessage(
          { id: 'contact.volume.between' },
          { lower: amount(bands.edges[i]!, true), upper: amount(edge) },
        ),
      ),
    intl.formatMessage({ id: 'contact.volume.over' }, { amount: amount(bands.edges.at(-1)!) }),
  ]
  const busy = status.state === 'sending'
  const banner = bannerOf(status)
  const field = { kind, errors }

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
      {draft.corrupt && (
        <p
          role="status"
          className="mt-4 rounded-lg bg-warning-50 p-3 text-sm text-neutral-800 dark:bg-warning-950 dark:text-neutral-200"
        >
          <FormattedMessage id="contact.draft.corrupt" />
        </p>
      )}
      {hasErrors && <ErrorSummary ref={summary} kind={kind} fields={fields} errors={errors} />}
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField {...field} field="name" label="contact.field.name" autoComplete="name" max={limits.name} />
        <TextField
          {...field}
          field="email"
          label={kind === 'sales' ? 'contact.field.workEmail' : 'contact.field.email'}
          type="email"
          ltr
          autoComplete="email"
          inputMode="email"
          hint="contact.hint.email"
          max={limits.email}
        />
        {kind === 'sales' ? (
          <>
            <TextField
              {...field}
              field="company"
              label="contact.field.company"
              autoComplete="organization"
              max={limits.company}
            />
            <TextField
              {...field}
              field="phone"
              label="contact.field.phone"
              type="tel"
              ltr
              autoComplete="tel"
              inputMode="tel"
              hint="contact.hint.phone"
              max={24}
            />
            <SelectField
              {...field}
              field="market"
              label="contact.field.market"
              options={contactMarkets}
              onChange={setMarket}
            />
            <SelectField
              {...field}
              field="volume"
              label="contact.field.volume"
              options={volumeBandIds(bands.currency, bands.edges)}
              hint="contact.hint.volume"
              labels={volumeLabels}
            />
            <fieldset
              className="sm:col-span-2"
              aria-describedby={errors.methods ? `${fieldId(kind, 'methods')}-error` : undefined}
            >
              <legend className="font-semibold text-neutral-900 dark:text-white">
                <FormattedMessage id="contact.field.methods" />
              </legend>
              <FieldError {...field} field="methods" />
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
            <TextField
              {...field}
              field="merchantId"
              label="contact.field.merchantId"
              ltr
              hint="contact.hint.merchantId"
              max={limits.id}
            />
            <TextField
              {...field}
              field="transactionId"
              label="contact.field.transactionId"
              ltr
              hint="contact.hint.transactionId"
              max={limits.id}
            />
            <SelectField {...field} field="topic" label="contact.field.topic" options={supportTopics} />
          </>
        )}
        <div className="sm:col-span-2">
          <Field {...field} field="message" label={`contact.field.${kind}Message`} hint={`contact.hint.${kind}Message`}>
            <textarea
              {...controlProps(kind, 'message', errors, true)}
              dir="auto"
              rows={6}
              maxLength={limits.message}
              className={inputClass}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <FieldError {...field} field="consent" />
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              {...controlProps(kind, 'consent', errors)}
              className="mt-1 size-4 shrink-0 accent-primary-700"
            />
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
      {banner && <StatusBanner {...banner} onRetry={() => void submit()} />}
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
