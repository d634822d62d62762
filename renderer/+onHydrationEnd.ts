// https://vike.dev/onHydrationEnd: marks the document as interactive (tests and CSS can wait for it).
export function onHydrationEnd() {
  document.documentElement.dataset.hydrated = ''
}
