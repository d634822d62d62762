// Loaded by the runtime with the first island of a page: React, react-dom and react-intl, in
// chunks that every island shares and the browser caches.
import { type ComponentType, startTransition } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import type { IslandData } from '../shared/dom'
import { IslandRoot } from './IslandRoot'

/**
 * Hydrates one island's prerendered HTML; a mismatch is reported as a console error. As a
 * transition, React hydrates in slices of a few milliseconds and yields to the browser between them
 * (as Next.js starts its pages): no long task while the checkout hydrates on a slow phone, and a
 * click meanwhile hydrates its own part first.
 */
export function hydrateIsland(root: Element, name: string, component: unknown, data: IslandData) {
  // The default export of a `*.island.tsx` file (renderer/islands/registry.ts).
  const Component = component as ComponentType<never>
  let hydrated: Root | undefined
  // A page swap can unmount an island whose hydration (sliced, as a transition) has not finished:
  // React then gives up on it with a recoverable error that is no mismatch, and nothing to report.
  let unmounting = false
  startTransition(() => {
    hydrated = hydrateRoot(
      root,
      <IslandRoot Component={Component} data={data} onHydrated={() => void replayEarlyInput(root)} />,
      {
        identifierPrefix: `${name}-`,
        onRecoverableError: (error) => {
          if (!unmounting) console.error(`[rasid] Hydration mismatch in island ${name}:`, error)
        },
      },
    )
  })
  return {
    unmount() {
      unmounting = true
      hydrated!.unmount()
    },
  }
}

const nativeValue = (el: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!
const nativeChecked = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set

/**
 * What the visitor typed, ticked or chose in an island's fields before its code had hydrated them
 * (the prerendered form works natively meanwhile): React keeps it on screen but its state does not
 * know it, so the island would compute from, and later write back, its first values. Once hydrated,
 * each such field gets the event React listens to, as if the visitor had just done it, one per task
 * so that each handler sees the state the previous one left. A field that differs from its
 * prerendered default at this moment can only be the visitor's: React has changed nothing yet.
 * React tells a change by the last value it saw (its value tracker): the field takes another value
 * through the element, which React watches, then the visitor's through the prototype's setter,
 * which it does not.
 */
export async function replayEarlyInput(root: Element) {
  const early: (() => void)[] = []
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input, textarea, select',
  )) {
    if (el instanceof HTMLSelectElement) {
      const chosen = el.value
      if ([...el.options].some((o) => o.selected !== o.defaultSelected))
        early.push(() => {
          el.value = chosen
          el.dispatchEvent(new Event('change', { bubbles: true }))
        })
    } else if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      // A radio that was unchecked by its neighbour being chosen follows that neighbour's event.
      const checked = el.checked
      if (checked === el.defaultChecked || (el.type === 'radio' && !checked) || !nativeChecked) continue
      early.push(() => {
        el.checked = !checked
        nativeChecked.call(el, checked)
        // Not a MouseEvent: no activation behaviour, the box does not toggle again; React reads `click`.
        el.dispatchEvent(new Event('click', { bubbles: true }))
      })
    } else if (el.value !== el.defaultValue && el.type !== 'file') {
      const typed = el.value
      early.push(() => {
        el.value = typed ? '' : ' '
        nativeValue(el).call(el, typed)
        el.dispatchEvent(new Event('input', { bubbles: true }))
      })
    }
  }
  for (const replay of early) {
    if (!root.isConnected) return
    replay()
    await new Promise((resolve) => setTimeout(resolve))
  }
}
