// Toasts (docs/behaviour.md §7). The viewport (Radix Toast, with React) is loaded when the first
// toast shows or F8 is pressed, never with the page; its loader comes from renderer/+client.ts, so
// the runtime names nothing of React's.
import { addToast, type ToastInput, toastDefaults } from './toastStore'

/** What renderer/toaster/mountToaster.tsx exports. */
export interface ToasterModule {
  mountToaster(): void
}

let loadToaster: (() => Promise<ToasterModule>) | undefined
let toaster: Promise<unknown> | undefined

/** Listens for F8: before the viewport exists it loads it and focuses it; Radix handles every later F8. */
export function startToasts(loader: () => Promise<ToasterModule>) {
  loadToaster = loader
  const onKey = (e: KeyboardEvent) => {
    if (!toastDefaults.hotkey.includes(e.key) || e.altKey || e.ctrlKey || e.metaKey) return
    removeEventListener('keydown', onKey)
    if (!toaster) void mountToaster(true)
  }
  addEventListener('keydown', onKey)
}

/** Shows a toast; the viewport is loaded with the first one. */
export function toast(input: ToastInput): string {
  const id = addToast(input)
  void mountToaster(false)
  return id
}

/** `focus` moves focus into the viewport, for the F8 that loaded it. */
function mountToaster(focus: boolean) {
  if (!loadToaster) return Promise.resolve()
  toaster ??= loadToaster()
    .then((m) => m.mountToaster())
    .catch((err: Error) => {
      // Its code did not load (offline, or a redeploy removed it): the next toast tries again.
      console.warn(`[rasid] The toaster did not load (${err.message}).`)
      toaster = undefined
      throw err
    })
  return toaster.then(
    () => {
      if (focus) document.querySelector<HTMLElement>('#rasid-toaster ol')?.focus()
    },
    () => {},
  )
}
