// Runs in a worker (renderer/client/islands.ts starts it on a page with islands). The first use of
// Intl in a page loads ICU's data for its locale: 100-300 ms of one task on a phone with a slow CPU,
// which would otherwise fall inside an island's hydration, just when the visitor taps it
// (docs/performance.md, "A tap while an island loads"). ICU's caches belong to the renderer process, not to a thread: once a
// worker has made the formatters the islands use, the page's own first ones take about a
// millisecond (`npm run bench -- --inp`).
const currencies = ['SAR', 'AED', 'EGP']

self.onmessage = (event: MessageEvent<string>) => {
  const tag = event.data
  try {
    Intl.NumberFormat.supportedLocalesOf(tag)
    Intl.DateTimeFormat.supportedLocalesOf(tag)
    new Intl.NumberFormat(tag).format(1234.5)
    new Intl.NumberFormat(tag, { style: 'percent' }).format(0.5)
    for (const currency of currencies) new Intl.NumberFormat(tag, { style: 'currency', currency }).format(1234.5)
    new Intl.PluralRules(tag).select(3)
    new Intl.PluralRules(tag, { type: 'ordinal' }).select(3)
    new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(0)
    new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }).format(-1, 'day')
    new Intl.ListFormat(tag).format(['a', 'b'])
  } finally {
    postMessage(tag)
  }
}
