// The code tabs of the API reference and the guides' request blocks (build/guides.ts writes them):
// a click or the arrow keys choose a language, every block of the page follows, and the choice is
// remembered (localStorage) for the next page and the next visit. No React, one delegated listener.
import { storageKeys } from '../shared/dom'

const tabSelector = '.code-tabs [role="tab"]'

function remembered(): string | null {
  try {
    return localStorage.getItem(storageKeys.codeLanguage)
  } catch {
    return null
  }
}

function remember(language: string) {
  try {
    localStorage.setItem(storageKeys.codeLanguage, language)
  } catch {
    // Storage blocked (a private window's quota, a sandboxed frame): the choice holds on this page.
  }
}

/** Shows `language` in one block of tabs; false when the block has no such tab (the choice is kept). */
function choose(group: Element, language: string): boolean {
  const tabs = [...group.querySelectorAll<HTMLElement>('[role="tab"]')]
  if (!tabs.some((t) => t.dataset.lang === language)) return false
  for (const tab of tabs) {
    const on = tab.dataset.lang === language
    tab.setAttribute('aria-selected', String(on))
    tab.tabIndex = on ? 0 : -1
  }
  for (const panel of group.querySelectorAll<HTMLElement>('[role="tabpanel"]'))
    panel.hidden = panel.dataset.lang !== language
  return true
}

/** Every block of the page, in the reader's language where it has one. */
function applyCodeLanguage(root: ParentNode = document) {
  const groups = root.querySelectorAll('.code-tabs')
  // Storage is read only on a page with tabs: its first read costs a phone milliseconds.
  const language = groups.length ? remembered() : null
  if (language) for (const group of groups) choose(group, language)
}

let started = false

/** Shows the reader's language on this page; the first time, listens to the tabs' clicks and keys. */
export function startCodeTabs() {
  applyCodeLanguage()
  if (started) return
  started = true
  const pick = (tab: HTMLElement, focus: boolean) => {
    const language = tab.dataset.lang!
    remember(language)
    // The block the reader is looking at stays where it is while the others change height.
    const top = tab.getBoundingClientRect().top
    for (const group of document.querySelectorAll('.code-tabs')) choose(group, language)
    window.scrollBy(0, tab.getBoundingClientRect().top - top)
    if (focus) tab.focus()
  }
  document.addEventListener('click', (e) => {
    const tab = (e.target as Element).closest<HTMLElement>(tabSelector)
    if (tab) pick(tab, false)
  })
  // The tab list's keys (WAI-ARIA tabs, automatic activation): the arrows move and choose, Home and End
  // go to the first and last. The blocks read left to right on both languages' pages.
  document.addEventListener('keydown', (e) => {
    const tab = (e.target as Element).closest?.<HTMLElement>(tabSelector)
    if (!tab) return
    const tabs = [...tab.parentElement!.querySelectorAll<HTMLElement>('[role="tab"]')]
    const at = tabs.indexOf(tab)
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key]
    if (next === undefined) return
    e.preventDefault()
    pick(tabs[(next + tabs.length) % tabs.length]!, true)
  })
}
