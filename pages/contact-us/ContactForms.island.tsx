import { type KeyboardEvent, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { defineIsland } from '../../renderer/islands/define'
import { ContactForm, type VolumeBands } from './ContactForm'
import { type FormKind, formKinds } from './form'

// The contact page's forms (docs/api.md, "Contact forms"): sales and support as WAI-ARIA tabs, each
// a form sent to the API with fetch (./ContactForm.tsx). The inputs are uncontrolled (read with
// FormData), so that what a visitor typed before this code hydrated stays; validation runs on
// submit with the contract's schema; what was typed is kept in sessionStorage until the API has it
// (./useDraft.ts).

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

export default defineIsland('ContactForms', ContactForms, { messages: ['contact.'] })
