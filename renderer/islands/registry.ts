// Every island by name, found by file name: `pages/**/<Name>.island.tsx` is the island `<Name>`.
// A dynamic import each, so an island's code (and React with it) is fetched only by the pages that
// place it. The shell names no page: adding an island is adding its file (CONTRIBUTING.md).
import { islandNameOf } from '../shared/dom'

const modules = import.meta.glob<{ default: unknown }>('/pages/**/*.island.tsx')

export const islandLoaders: Record<string, () => Promise<{ default: unknown }>> = Object.fromEntries(
  Object.entries(modules).map(([file, load]) => [islandNameOf(file), load]),
)
