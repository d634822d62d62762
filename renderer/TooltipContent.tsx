// Loaded after hydration, when the browser is idle (renderer/Tooltip.tsx): not on the critical path.
import * as RadixTooltip from '@radix-ui/react-tooltip'
import type { ReactElement } from 'react'

/** The seed's numbers (BEHAVIOUR.md section 7). */
export const tooltipDelays = { delayDuration: 700, skipDelayDuration: 300 }

export default function TooltipRadix({ label, children }: { label: string; children: ReactElement }) {
  return (
    <RadixTooltip.Provider {...tooltipDelays}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side="bottom"
            sideOffset={8}
            collisionPadding={8}
            className="z-50 max-w-xs rounded-md bg-neutral-900 px-2.5 py-1.5 text-sm text-white shadow-md dark:bg-neutral-100 dark:text-neutral-900"
          >
            {label}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  )
}
