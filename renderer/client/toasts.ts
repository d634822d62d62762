import type { MessageId } from '../../locales/messages'

export interface ToastInput {
  title: MessageId
  description?: MessageId
  /** A button in the toast; `altText` tells screen-reader users how else to do it. */
  action?: { label: MessageId; altText: MessageId; onClick: () => void }
  /** ms; the default is 5000, `Infinity` keeps the toast until it is closed. */
  duration?: number
}

export interface Toast extends ToastInput {
  id: string
  open: boolean
}

/** The seed's numbers (BEHAVIOUR.md section 7). */
export const toastDefaults = { duration: 5000, max: 5, removeDelay: 200, swipeThreshold: 50, hotkey: ['F8'] }

let toasts: Toast[] = []
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

export const toastStore = {
  subscribe(l: () => void) {
    listeners.add(l)
    return () => {
      listeners.delete(l)
    }
  },
  get: () => toasts,
}

/** Shows a toast; only the 5 newest are kept, the oldest leave at once. */
export function toast(input: ToastInput): string {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 9)}`
  toasts = [...toasts, { ...input, id, open: true }].slice(-toastDefaults.max)
  emit()
  void mountToaster(false)
  return id
}

let toaster: Promise<unknown> | undefined

/**
 * The viewport (Radix Toast, with React) is loaded when the first toast shows or F8 is pressed,
 * never with the page. `focus` moves focus into it, for the F8 that loaded it.
 */
export function mountToaster(focus: boolean) {
  if (typeof document === 'undefined') return Promise.resolve()
  toaster ??= import('../islands/mountToaster').then((m) => m.mountToaster())
  return toaster.then(() => {
    if (focus) document.querySelector<HTMLElement>('#rasid-toaster ol')?.focus()
  })
}

/** F8 before the viewport exists loads it and focuses it; Radix handles every later F8. */
export function listenForToastHotkey() {
  const onKey = (e: KeyboardEvent) => {
    if (!toastDefaults.hotkey.includes(e.key) || e.altKey || e.ctrlKey || e.metaKey) return
    removeEventListener('keydown', onKey)
    if (!toaster) void mountToaster(true)
  }
  addEventListener('keydown', onKey)
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
