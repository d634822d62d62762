// Loaded by the runtime with the first island of a page: React, react-dom and react-intl, in
// chunks that every island shares and the browser caches.
import { type ComponentType, startTransition } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import type { IslandData } from '../shared/dom'
import { IslandRoot } from './IslandRoot'

/** The default export of a `*.island.tsx` file (renderer/islands/registry.ts). */
type IslandComponent = ComponentType<Record<string, unknown>>

/**
 * Hydrates one island's prerendered HTML; a mismatch is reported as a console error. As a
 * transition, React hydrates in slices of a few milliseconds and yields to the browser between them
 * (as Next.js starts its pages): no long task while an island hydrates on a slow phone. Until it has
 * hydrated, the visitor's events stay outside React (`holdEvents`); `onHydrated` runs once it has.
 */
export function hydrateIsland(
  root: Element,
  name: string,
  component: unknown,
  data: IslandData,
  onHydrated: () => void,
) {
  let hydrated: Root | undefined
  // A page swap can unmount an island whose hydration (sliced, as a transition) has not finished:
  // React then gives up on it with a recoverable error that is no mismatch, and nothing to report.
  let unmounting = false
  const held = holdEvents(root)
  const done = async () => {
    const pressed = held.release()
    onHydrated()
    await replayEarlyInput(root)
    if (pressed?.isConnected && root.isConnected) pressed.click()
  }
  startTransition(() => {
    hydrated = hydrateRoot(
      root,
      <IslandRoot Component={component as IslandComponent} data={data} onHydrated={() => void done()} />,
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
      held.release()
      hydrated!.unmount()
    },
  }
}

/**
 * The events a visitor's hand or keyboard sends, that React listens to on an island's root. React
 * answers any of them on a root it has not finished hydrating by hydrating all of it at once, in
 * the event's own task (react-dom's `dispatchEvent`: a discrete event flushes the root
 * synchronously, a continuous one raises its priority to one that does not yield): the first tap on
 * an island that is still hydrating waited 100-200 ms behind it on a slow phone.
 */
const heldEvents = [
  'pointerdown',
  'pointerup',
  'pointercancel',
  'pointerover',
  'pointerout',
  'pointermove',
  'gotpointercapture',
  'lostpointercapture',
  'mousedown',
  'mouseup',
  'mouseover',
  'mouseout',
  'mousemove',
  'click',
  'auxclick',
  'dblclick',
  'contextmenu',
  'touchstart',
  'touchend',
  'touchcancel',
  'touchmove',
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'input',
  'change',
  'select',
  'focusin',
  'focusout',
  'submit',
  'reset',
  'copy',
  'cut',
  'paste',
  'compositionstart',
  'compositionupdate',
  'compositionend',
  'dragstart',
  'dragend',
  'drop',
  'wheel',
] as const

/** What presses a control whose effect is React's: a click on it is done again once hydrated. */
const pressable = 'button, [role="button"], [role="tab"]'

/**
 * Keeps the visitor's events away from React until the island has hydrated: a listener on the
 * island's element, above React's root, stops each one on its way down (passive: the browser still
 * does what the event does, it focuses, types, ticks, chooses, follows a link). What was typed,
 * ticked or chosen meanwhile is replayed once hydrated (`replayEarlyInput`), and the last control
 * pressed (a button, a tab: only React can act on it) is pressed again, so that nothing done while
 * the island hydrates is lost, and the tap itself waits for nothing.
 */
export function holdEvents(root: Element) {
  const host = root.parentElement ?? root
  let pressed: HTMLElement | undefined
  const stop = (event: Event) => {
    if (event.type === 'click') {
      const control = (event.target as Element | null)?.closest?.<HTMLElement>(pressable)
      if (control && root.contains(control)) pressed = control
    }
    event.stopPropagation()
  }
  for (const type of heldEvents) host.addEventListener(type, stop, { capture: true, passive: true })
  let released = false
  return {
    /** Lets events through again; the control last pressed meanwhile, if any. */
    release() {
      if (released) return undefined
      released = true
      for (const type of heldEvents) host.removeEventListener(type, stop, { capture: true })
      return pressed
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
