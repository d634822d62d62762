import { dataAttrs, events } from '../shared/dom'

/**
 * The language switcher links to the same route in the other language (docs/behaviour.md §3);
 * the prerendered link has the path, this adds the query and the hash the visitor has now.
 */
export function updateLocaleSwitch() {
  for (const a of document.querySelectorAll<HTMLAnchorElement>(`a[${dataAttrs.localeSwitch}]`)) {
    if (!a.getAttribute(dataAttrs.localeSwitch))
      a.setAttribute(dataAttrs.localeSwitch, a.getAttribute('href')!.replace(/[?#].*$/, ''))
    const base = a.getAttribute(dataAttrs.localeSwitch)
    a.setAttribute('href', base + location.search + location.hash)
  }
}

export function watchLocaleSwitch() {
  updateLocaleSwitch()
  addEventListener('hashchange', updateLocaleSwitch)
  addEventListener('popstate', updateLocaleSwitch)
  // An island that keeps its state in the query (history.replaceState/pushState) tells us so.
  document.addEventListener(events.urlChange, updateLocaleSwitch)
}
