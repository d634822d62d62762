// Loaded (through renderer/+client.ts) by renderer/client/toasts.ts when the first toast shows or F8 is pressed: React and Radix
// Toast, in the chunks the islands share. It lives outside #root, so navigations keep it.
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { toastMessages } from 'virtual:toast-messages'
import { defaultLocale, isLocale, type Locale } from '../../locales/locales'
import { events } from '../shared/dom'
import Toaster, { watchFocus } from './Toaster'

export function mountToaster() {
  const el = document.createElement('div')
  el.id = 'rasid-toaster'
  document.body.append(el)
  watchFocus(el)
  const root = createRoot(el)
  const render = () => {
    const lang = document.documentElement.lang
    const locale: Locale = isLocale(lang) ? lang : defaultLocale
    root.render(<Toaster locale={locale} messages={toastMessages[locale]} />)
  }
  // At once, so that the F8 that loaded it can focus the viewport.
  flushSync(render)
  // A navigation may change the language.
  document.addEventListener(events.afterSwap, render)
}
