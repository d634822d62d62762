// The toast viewport: Radix Toast with the seed's numbers (docs/behaviour.md §7), mounted by
// ./mountToaster.tsx on demand, fed by the runtime's store (renderer/client/toastStore.ts).
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import * as Toast from '@radix-ui/react-toast'
import { useSyncExternalStore } from 'react'
import { FormattedMessage, IntlProvider, useIntl } from 'react-intl'
import { intlLocale } from '../../locales/intlLocale'
import { dirOf, type Locale } from '../../locales/locales'
import type { Messages } from '../../locales/pickMessages'
import { removeToast, toastDefaults, toastStore } from '../client/toastStore'

/** Where focus was before it entered the notifications (F8, Tab): it goes back there when the last toast closes. */
let returnTo: HTMLElement | null = null

/** Called once with the toaster's element, before anything can focus it (./mountToaster.tsx). */
export function watchFocus(toaster: HTMLElement) {
  toaster.addEventListener('focusin', (e) => {
    const from = e.relatedTarget
    if (!(from instanceof Node) || !toaster.contains(from)) returnTo = from instanceof HTMLElement ? from : null
  })
}

/**
 * Closes a toast. Radix moves focus to the list when a focused toast closes; once no toast is left,
 * focus goes back where it was before, or to the page's heading if that is gone, never to an empty
 * list or the document (WCAG 2.4.3 Focus Order, docs/behaviour.md §7).
 */
function close(id: string) {
  const toaster = document.getElementById('rasid-toaster')
  const inside = !!toaster?.contains(document.activeElement)
  removeToast(id)
  if (!inside || toastStore.get().some((t) => t.open)) return
  let target = returnTo?.isConnected && returnTo !== document.body ? returnTo : null
  if (!target) {
    target = document.querySelector<HTMLElement>('main h1')
    if (target) target.tabIndex = -1
  }
  target?.focus()
}

/**
 * Radix's live region joins the toast's text nodes as they are: a separator after the title (and
 * after the body, before the action's alternative text) makes them separate sentences when read
 * ("Title. Body"), not one fused word. Hidden: the visible toast sets them apart by layout.
 */
function Separator({ after }: { after: string }) {
  return <span className="sr-only">{/[.!?؟…:]$/.test(after) ? ' ' : '. '}</span>
}

export default function Toaster({ locale, messages }: { locale: Locale; messages: Messages }) {
  return (
    <IntlProvider locale={intlLocale(locale)} messages={messages as Record<string, MessageFormatElement[]>}>
      <Toasts locale={locale} />
    </IntlProvider>
  )
}

function Toasts({ locale }: { locale: Locale }) {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get)
  const intl = useIntl()
  return (
    <Toast.Provider
      duration={toastDefaults.duration}
      swipeThreshold={toastDefaults.swipeThreshold}
      // Bottom-right in English, bottom-left in Arabic: swipe towards the nearer edge.
      swipeDirection={dirOf(locale) === 'rtl' ? 'left' : 'right'}
      label={intl.formatMessage({ id: 'toast.label' })}
    >
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && close(t.id)}
          className="toast pointer-events-auto relative grid gap-1 rounded-xl border border-neutral-200 bg-white p-4 pe-10 shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
        >
          <Toast.Title className="font-semibold text-neutral-900 dark:text-white">
            <FormattedMessage id={t.title} />
            {(t.description || t.action) && <Separator after={intl.formatMessage({ id: t.title })} />}
          </Toast.Title>
          {t.description && (
            <Toast.Description className="text-sm text-neutral-600 dark:text-neutral-300">
              <FormattedMessage id={t.description} />
              {t.action && <Separator after={intl.formatMessage({ id: t.description })} />}
            </Toast.Description>
          )}
          {t.action && (
            <Toast.Action altText={intl.formatMessage({ id: t.action.altText })} asChild>
              <button
                type="button"
                onClick={t.action.onClick}
                className="btn-primary mt-2 justify-self-start px-3 py-1.5 text-sm"
              >
                <FormattedMessage id={t.action.label} />
              </button>
            </Toast.Action>
          )}
          <Toast.Close
            aria-label={intl.formatMessage({ id: 'toast.close' })}
            className="absolute end-2 top-2 rounded p-1 text-neutral-500 hover:bg-neutral-100 dark:hover:bg-neutral-800"
          >
            {/* block: an inline span has no size, and the icon is the button's only visible label. */}
            <span className="i-lucide-x block size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={toastDefaults.hotkey}
        label={intl.formatMessage({ id: 'toast.viewportLabel' }, { hotkey: toastDefaults.hotkey.join('+') })}
        className="fixed bottom-4 end-4 z-100 m-0 flex w-[calc(100%-2rem)] max-w-sm list-none flex-col gap-2 p-0 outline-none sm:w-96"
      />
    </Toast.Provider>
  )
}
