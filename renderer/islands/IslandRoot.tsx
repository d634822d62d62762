import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { type ComponentType, useEffect } from 'react'
import { IntlProvider } from 'react-intl'
import { intlLocale } from '../../locales/intlLocale'
import type { IslandData } from '../shared/dom'

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
  Component: ComponentType<never>
  data: IslandData
  onMissingMessage?: (id: string) => void
  /** In the browser: once the island has hydrated (after the island's own first effects). */
  onHydrated?: () => void
}) {
  const C = Component as ComponentType<Record<string, unknown>>
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island has hydrated.
  useEffect(() => onHydrated?.(), [])
  return (
    <IntlProvider
      locale={intlLocale(data.locale)}
      messages={data.messages as Record<string, MessageFormatElement[]>}
      onError={(err) => {
        if (err.code === 'MISSING_TRANSLATION' && onMissingMessage) onMissingMessage(err.message)
        else console.error(err)
      }}
    >
      <C {...(data.props as Record<string, unknown>)} />
    </IntlProvider>
  )
}
