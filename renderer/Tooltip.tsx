import { useEffect, useState, type ComponentType, type ReactElement } from 'react'

type TooltipRadix = ComponentType<{ label: string; children: ReactElement }>

/**
 * A Radix tooltip around `children`. The prerendered page and the first render show the bare
 * child; Radix is fetched once the page has hydrated and put in place when the browser is idle and
 * no pointer is pressed (a press that straddled the swap would lose its click), so the tooltip
 * costs the first load nothing.
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  const [Radix, setRadix] = useState<TooltipRadix | null>(null)
  useEffect(() => {
    let cancelled = false
    let pressed = false
    const down = () => (pressed = true)
    const up = () => (pressed = false)
    addEventListener('pointerdown', down, true)
    addEventListener('pointerup', up, true)
    addEventListener('pointercancel', up, true)
    const idle = (cb: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(cb) : setTimeout(cb, 200))
    void import('./TooltipContent').then((m) => {
      const swap = () => {
        if (cancelled) return
        if (pressed) setTimeout(() => idle(swap), 50)
        else setRadix(() => m.default)
      }
      idle(swap)
    })
    return () => {
      cancelled = true
      removeEventListener('pointerdown', down, true)
      removeEventListener('pointerup', up, true)
      removeEventListener('pointercancel', up, true)
    }
  }, [])
  return Radix ? <Radix label={label}>{children}</Radix> : children
}
