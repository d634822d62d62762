// https://vike.dev/client: the only script of a page. The runtime (renderer/client/) is plain
// TypeScript; this entry hands it the loaders of the React code (the islands' hydration, the
// toaster), so React comes only with the islands a page has or the first toast.
import { startRuntime } from './client/start'
import { islandLoaders } from './islands/registry'

startRuntime({
  islands: islandLoaders,
  reactDom: () => import('./islands/reactDom'),
  hydrator: () => import('./islands/hydrate'),
  toaster: () => import('./toaster/mountToaster'),
})
