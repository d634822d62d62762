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
          onOpenChange={(open) => !open && removeToast(t.id)}
          className="toast pointer-events-auto relative grid gap-1 rounded-xl border border-neutral-200 bg-white p-4 pe-10 shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
        >
          <Toast.Title className="font-semibold text-neutral-900 dark:text-white">
            <FormattedMessage id={t.title} />
          </Toast.Title>
          {t.description && (
            <Toast.Description className="text-sm text-neutral-600 dark:text-neutral-300">
              <FormattedMessage id={t.description} />
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
