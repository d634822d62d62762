// The toasts on screen, as a tiny external store: the runtime writes it (toast(), also through
// window.rasid.toast) and the toaster (renderer/toaster/Toaster.tsx) reads it with
// useSyncExternalStore. It imports nothing, so that both sides can import it.
import type { MessageId } from '../../locales/messages'

export interface ToastInput {
  title: MessageId
  description?: MessageId
  /** A button in the toast; `altText` tells screen-reader users how else to do it. */
  action?: { label: MessageId; altText: MessageId; onClick: () => void }
  /** ms; the default is 5000, `Infinity` keeps the toast until it is closed. A toast with an action always stays. */
  duration?: number
}

interface Toast extends ToastInput {
  id: string
  open: boolean
}

/** The seed's numbers (docs/behaviour.md §7). */
export const toastDefaults = { duration: 5000, max: 5, removeDelay: 200, swipeThreshold: 50, hotkey: ['F8'] }

let toasts: Toast[] = []
const listeners = new Set<() => void>()
const emit = () => {
  for (const l of listeners) l()
}

export const toastStore = {
  subscribe(l: () => void) {
    listeners.add(l)
    return () => {
      listeners.delete(l)
    }
  },
  get: () => toasts,
}

/** Adds a toast; only the 5 newest are kept, the oldest leave at once. */
export function addToast(input: ToastInput): string {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 9)}`
  // A toast that offers an action stays until the visitor acts on it or closes it: no time limit
  // on the action (WCAG 2.2.1 Timing Adjustable); one without keeps its timeout.
  const duration = input.action ? Number.POSITIVE_INFINITY : input.duration
  toasts = [...toasts, { ...input, duration, id, open: true }].slice(-toastDefaults.max)
  emit()
  return id
}

/** Closes a toast, then deletes it 200 ms later, once its closing animation is over. */
export function removeToast(id: string) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t))
  emit()
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id)
    emit()
  }, toastDefaults.removeDelay)
}
