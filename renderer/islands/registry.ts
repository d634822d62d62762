// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island has its own props
import type { ComponentType } from 'react'

/** The names of the islands; a name that is not here fails the type check where it is used. */
export type IslandName = 'ThemePreview'

/**
 * Every island by name, as the browser loads it: a dynamic import, so an island's code (and React
 * with it) is fetched only by the pages that place it. Add an island here and place it with
 * `<Island of={…} />` (renderer/islands/Island.tsx).
 */
export const islands: Record<IslandName, () => Promise<{ default: ComponentType<any> }>> = {
  ThemePreview: () => import('../../pages/design/ThemePreview'),
}
