// Copy buttons on guide code blocks (build/guides.ts writes them): no React, one delegated listener.
// The button's label comes from its own data attributes, in the page's language.
import { dataAttrs } from '../shared/dom'

const resetAfterMs = 2000

export function startCodeCopy() {
  document.addEventListener('click', async (e) => {
    const button = (e.target as Element).closest<HTMLButtonElement>(`button[${dataAttrs.copyCode}]`)
    if (!button) return
    const code = button.closest('.code-block')?.querySelector('pre')?.textContent ?? ''
    const label = button.querySelector<HTMLElement>(`[${dataAttrs.copyLabel}]`)!
    let ok = true
    try {
      await navigator.clipboard.writeText(code)
    } catch {
      ok = false
    }
    label.textContent = ok ? button.dataset.copied! : button.dataset.failed!
    button.dataset.state = ok ? 'copied' : 'failed'
    clearTimeout(Number(button.dataset.timer))
    button.dataset.timer = String(
      setTimeout(() => {
        label.textContent = button.dataset.copy!
        delete button.dataset.state
      }, resetAfterMs),
    )
  })
}
