// https://vike.dev/onHydrationEnd
import { startRuntime } from './runtime/start'

export function onHydrationEnd() {
  // Marks the document as interactive (tests and CSS can wait for it).
  document.documentElement.dataset.hydrated = ''
  performance.mark('rasid:hydrated')
  startRuntime()
}
