/**
 * Tooltips (the WAI-ARIA tooltip pattern) with the seed's delays (docs/behaviour.md §7): a
 * trigger `[data-tooltip="<id>"]` with `aria-describedby` names a hidden `role="tooltip"`
 * element. It opens 700 ms after the pointer rests on the trigger, at once on keyboard focus or
 * within 300 ms of another tooltip closing; pointer leave, blur, a press and Escape close it.
 * About 60 lines instead of Radix's tooltip, which would bring React to every page for one hint.
 */
import { dataAttrs } from '../shared/dom'

const tooltipDelays = { delayDuration: 700, skipDelayDuration: 300 }

let timer: ReturnType<typeof setTimeout> | undefined
let open: HTMLElement | null = null
let closedAt = -Infinity

const triggerOf = (node: EventTarget | null) =>
  ((node as Element | null)?.closest?.(`[${dataAttrs.tooltip}]`) as HTMLElement | null) ?? null

function show(trigger: HTMLElement, immediately: boolean) {
  const tip = document.getElementById(trigger.getAttribute(dataAttrs.tooltip)!)
  if (!tip || tip === open) return
  clearTimeout(timer)
  const delay =
    immediately || performance.now() - closedAt < tooltipDelays.skipDelayDuration ? 0 : tooltipDelays.delayDuration
  timer = setTimeout(() => {
    hide()
    tip.hidden = false
    open = tip
  }, delay)
}

function hide() {
  clearTimeout(timer)
  if (!open) return
  open.hidden = true
  open = null
  closedAt = performance.now()
}

export function startTooltips() {
  document.addEventListener('pointerover', (e) => {
    const trigger = triggerOf(e.target)
    if (trigger && e.pointerType !== 'touch') show(trigger, false)
  })
  document.addEventListener('pointerout', (e) => {
    const trigger = triggerOf(e.target)
    if (trigger && !trigger.contains(e.relatedTarget as Node | null) && trigger !== document.activeElement) hide()
  })
  document.addEventListener('focusin', (e) => {
    const trigger = triggerOf(e.target)
    if (trigger && (e.target as Element).matches(':focus-visible')) show(trigger, true)
  })
  document.addEventListener('focusout', (e) => {
    if (triggerOf(e.target)) hide()
  })
  document.addEventListener('pointerdown', hide, true)
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && (open || timer)) hide()
  })
}

/** A navigation swapped the page: a tooltip of the old page is gone. */
export function resetTooltips() {
  clearTimeout(timer)
  open = null
}
