// Copy buttons on guide code blocks (build/guides.ts writes them): no React, one delegated listener.
// The button is found by its class, its changing label by `aria-live`; its words come from the data
// attributes of the element that holds the page's code blocks (pages/guide/article/+Page.tsx puts
// them there once, and takes build/guides.ts's markers off), in the page's language.

const resetAfterMs = 2000

export function startCodeCopy() {
  document.addEventListener('click', async (e) => {
    const button = (e.target as Element).closest<HTMLButtonElement>('.code-copy')
    if (!button) return
    const code = button.closest('.code-block')?.querySelector('pre')?.textContent ?? ''
    const label = button.querySelector<HTMLElement>('[aria-live]')!
    const texts = button.closest<HTMLElement>('[data-copied]')!.dataset
    let ok = true
    try {
      await navigator.clipboard.writeText(code)
    } catch {
      ok = false
    }
    label.textContent = ok ? texts.copied! : texts.failed!
    button.dataset.state = ok ? 'copied' : 'failed'
    clearTimeout(Number(button.dataset.timer))
    button.dataset.timer = String(
      setTimeout(() => {
        label.textContent = texts.copy!
        delete button.dataset.state
      }, resetAfterMs),
    )
  })
}
