import { type ComponentType, useEffect } from 'react'
import { IntlProvider } from 'react-intl'
import type { IslandData } from '../shared/dom'
import { unpackMessages } from './messages'

/**
 * The tree of one island, the same at build time (renderer/islands/Island.tsx) and in the browser
 * (renderer/islands/hydrate.tsx): its own root, with only the messages it declared.
 */
export function IslandRoot({
  Component,
  data,
  onMissingMessage,
  onHydrated,
}: {
  Component: ComponentType<Record<string, unknown>>
  data: IslandData
  onMissingMessage?: (id: string) => void
  /** In the browser: once the island has hydrated (after the island's own first effects). */
  onHydrated?: () => void
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island has hydrated.
  useEffect(() => onHydrated?.(), [])
  return (
    <IntlProvider
      locale={data.locale}
      messages={unpackMessages(data.messages)}
      onError={(err) => {
        if (err.code === 'MISSING_TRANSLATION' && onMissingMessage) onMissingMessage(err.message)
        else console.error(err)
      }}
    >
      <Component {...(data.props as Record<string, unknown>)} />
    </IntlProvider>
  )
}
