// The guides' search box as a combobox (ARIA 1.2 pattern, docs/search.md), loaded when a visitor
// first focuses it (./start.ts `watchGuideSearch`). Its indexes are fetched then: the guides'
// titles, groups, descriptions and headings (`/search/<locale>.json`, the first chunk), then their
// prose (`/search/<locale>.body.json`), which joins the results when it arrives. Results update as
// the visitor types; each is a link the router opens in place. Focus stays in the box: the arrows
// move the active option (aria-activedescendant), Enter opens it, Escape closes the list, then
// clears the box. The status line says how many guides match, once typing pauses.
import MiniSearch, { type Options, type SearchResult } from 'minisearch'
import { isLocale, type Locale } from '../../locales/locales'
import { localizePath } from '../../locales/localizePath'
import { dataAttrs } from '../shared/dom'
import { bodyIndexOptions, headIndexOptions, type SearchDoc, searchIndexPath } from '../shared/searchIndex'
import { termsOf, words } from '../shared/searchText'
import { buildId } from './buildInfo'
import { isSlowConnection } from './connection'
import { loadPayload } from './payloads'

interface Texts {
  results: Record<string, string>
  none: string
  loading: string
  unavailable: string
}

interface Indexes {
  head: MiniSearch<SearchDoc>
  body?: MiniSearch<SearchDoc>
}

/** At most this many results are listed. */
const LIMIT = 8
/** The status line waits for typing to pause this long, so a screen reader hears one count. */
const ANNOUNCE_AFTER = 600

const loaded = new Map<string, Promise<Indexes>>()

async function fetchIndex(path: string, options: Options<SearchDoc>): Promise<MiniSearch<SearchDoc>> {
  const res = await fetch(`${path}?${buildId()}`)
  if (!res.ok) throw new Error(`HTTP ${res.status}`)
  return MiniSearch.loadJSON<SearchDoc>(await res.text(), options)
}

/** The language's indexes: the first chunk, then the prose, which `onBody` hears of. */
function indexesOf(locale: Locale, onBody: () => void): Promise<Indexes> {
  let indexes = loaded.get(locale)
  if (!indexes) {
    indexes = fetchIndex(searchIndexPath(locale), headIndexOptions).then((head) => ({ head }))
    loaded.set(locale, indexes)
    indexes.catch(() => loaded.delete(locale))
    void indexes
      .then(async (ix) => {
        ix.body = await fetchIndex(searchIndexPath(locale, 'body'), bodyIndexOptions)
      })
      .then(onBody, () => {})
  }
  return indexes
}

/** The query's words, each with the terms it may read as (renderer/shared/searchText.ts). */
function queryOf(text: string) {
  const list = words(text)
    .map((word) => termsOf(word))
    .filter((terms) => terms.length)
  return list.map((terms, i) => ({
    combineWith: 'OR' as const,
    queries: terms,
    // The last word is still being typed: a prefix. A long word may carry a typo or two.
    prefix: i === list.length - 1,
    fuzzy: terms[0]!.length >= 4 ? 0.2 : false,
  }))
}

interface Hit {
  id: string
  score: number
  terms: Set<string>
  stored: { t: string; g: string; d: string; h: string }
}

/** The guides that match every word (else, for two words or more, any), best first. */
export function searchGuides(indexes: Indexes, text: string): Hit[] {
  const words = queryOf(text)
  if (!words.length) return []
  const options = { tokenize: (s: string) => [s], processTerm: (s: string) => s }
  const run = (combineWith: 'AND' | 'OR') => {
    const hits = new Map<string, Hit>()
    const add = (results: SearchResult[], weight: number) => {
      for (const r of results) {
        const hit = hits.get(r.id as string)
        if (hit) {
          hit.score += r.score * weight
          for (const t of r.terms) hit.terms.add(t)
        } else if (indexes.head.has(r.id)) {
          hits.set(r.id as string, {
            id: r.id as string,
            score: r.score * weight,
            terms: new Set(r.terms),
            stored: indexes.head.getStoredFields(r.id) as Hit['stored'],
          })
        }
      }
    }
    const query = { combineWith, queries: words }
    add(indexes.head.search(query, { ...options, boost: { t: 4, h: 2, g: 1.5, d: 1.5 } }), 1)
    if (indexes.body) add(indexes.body.search(query, options), 0.5)
    return [...hits.values()].sort((a, b) => b.score - a.score || a.stored.t.localeCompare(b.stored.t))
  }
  const all = run('AND')
  return all.length || words.length < 2 ? all : run('OR')
}

/** The words of `text` whose terms matched, marked; the rest as text. */
function highlight(into: HTMLElement, text: string, matched: Set<string>) {
  into.textContent = ''
  let last = 0
  for (const m of text.matchAll(/[\p{L}\p{M}\p{N}]+(?:['’][\p{L}]+)*/gu)) {
    if (!termsOf(m[0]).some((t) => matched.has(t))) continue
    into.append(text.slice(last, m.index), Object.assign(document.createElement('mark'), { textContent: m[0] }))
    last = m.index + m[0].length
  }
  into.append(text.slice(last))
}

/** Up to `size` words of `text` around its first matched word, with ellipses where it was cut. */
function excerptOf(text: string, matched: Set<string>, size = 24): { text: string; score: number } {
  const all = [...text.matchAll(/\S+/g)]
  const hitAt = all.map((w) => termsOf(w[0].replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '')).some((t) => matched.has(t)))
  const score = hitAt.filter(Boolean).length
  const first = Math.max(0, hitAt.indexOf(true))
  const start = Math.max(0, Math.min(first - 6, all.length - size))
  const end = Math.min(all.length, start + size)
  if (!all.length) return { text: '', score: 0 }
  const cut = text.slice(all[start]!.index, all[end - 1]!.index + all[end - 1]![0].length)
  return { text: `${start > 0 ? '… ' : ''}${cut}${end < all.length ? ' …' : ''}`, score }
}

/** A guide's prose, from its payload (the router's own cache, which its opening will use). */
const proseCache = new Map<string, Promise<string>>()
function proseOf(path: string): Promise<string> {
  let prose = proseCache.get(path)
  if (!prose) {
    prose = loadPayload(path).then(({ content }) => {
      const template = document.createElement('template')
      template.innerHTML = content
      const article = template.content.querySelector('.guide-prose') ?? template.content
      for (const skip of article.querySelectorAll('.code-block, script, style')) skip.remove()
      return (article.textContent ?? '').replace(/\s+/g, ' ').trim()
    })
    proseCache.set(path, prose)
    prose.catch(() => proseCache.delete(path))
  }
  return prose
}

/** Makes one search form a combobox. Idempotent. */
export function enhanceSearch(form: HTMLFormElement) {
  if (form.dataset.enhanced) return
  form.dataset.enhanced = ''
  const input = form.querySelector<HTMLInputElement>('input[type="search"]')!
  const list = form.querySelector<HTMLElement>('[role="listbox"]')!
  const status = form.querySelector<HTMLElement>(`[${dataAttrs.guideSearchStatus}]`)!
  const template = form.querySelector<HTMLTemplateElement>(`template[${dataAttrs.guideSearchOption}]`)!
  const texts = JSON.parse(form.getAttribute(dataAttrs.guideSearch)!) as Texts
  const lang = document.documentElement.lang
  const locale: Locale = isLocale(lang) ? lang : 'en'
  const plural = new Intl.PluralRules(locale)

  input.setAttribute('role', 'combobox')
  input.setAttribute('aria-autocomplete', 'list')
  input.setAttribute('aria-controls', list.id)
  input.setAttribute('aria-expanded', 'false')

  let indexes: Indexes | undefined
  let failed = false
  let active = -1
  let shown: Hit[] = []
  let announceTimer: ReturnType<typeof setTimeout> | undefined
  let lastAnnounced = ''

  const options = () => [...list.querySelectorAll<HTMLAnchorElement>('[role="option"]')]
  const announce = (text: string, now = false) => {
    clearTimeout(announceTimer)
    const say = () => {
      if (text === lastAnnounced) return
      lastAnnounced = text
      status.textContent = text
    }
    if (now) say()
    else announceTimer = setTimeout(say, ANNOUNCE_AFTER)
  }
  const setActive = (i: number) => {
    const all = options()
    active = all.length ? (i + all.length) % all.length : -1
    all.forEach((o, k) => o.setAttribute('aria-selected', String(k === active)))
    const current = all[active]
    if (current) {
      input.setAttribute('aria-activedescendant', current.id)
      current.scrollIntoView({ block: 'nearest' })
    } else input.removeAttribute('aria-activedescendant')
  }
  const open = (yes: boolean) => {
    list.hidden = !yes
    input.setAttribute('aria-expanded', String(yes))
    if (!yes) setActive(-1)
  }

  const render = () => {
    const text = input.value.trim()
    if (!text) {
      shown = []
      list.textContent = ''
      open(false)
      announce('', true)
      return
    }
    if (failed) return announce(texts.unavailable, true)
    if (!indexes) return announce(texts.loading, true)
    shown = searchGuides(indexes, text).slice(0, LIMIT)
    list.textContent = ''
    shown.forEach((hit, i) => {
      // Imported, not cloned: a clone would belong to the template's inert document.
      const option = document.importNode(template.content.firstElementChild!, true) as HTMLAnchorElement
      const path = localizePath(`/guide/${hit.id}`, locale)
      option.id = `guide-search-option-${i}`
      option.href = path
      const [title, group, excerpt] = option.querySelectorAll('span')
      highlight(title!, hit.stored.t, hit.terms)
      group!.textContent = hit.stored.g
      const best = [hit.stored.d, ...hit.stored.h.split('\n')]
        .map((t) => excerptOf(t, hit.terms))
        .reduce((a, b) => (b.score > a.score ? b : a))
      highlight(excerpt!, best.text, hit.terms)
      // A match in the prose only: its passage, once the guide's payload is here (not on a slow connection).
      if (!best.score && !isSlowConnection())
        void proseOf(path).then((prose) => {
          const passage = excerptOf(prose, hit.terms)
          if (passage.score && option.isConnected) highlight(excerpt!, passage.text, hit.terms)
        }, () => {})
      list.append(option)
    })
    open(shown.length > 0)
    active = -1
    input.removeAttribute('aria-activedescendant')
    announce(
      shown.length
        ? texts.results[plural.select(shown.length)]!.replace('#', String(shown.length))
        : texts.none.replace('{query}', text),
    )
  }

  input.addEventListener('input', render)
  input.addEventListener('focus', () => {
    if (input.value.trim() && shown.length) open(true)
  })
  input.addEventListener('keydown', (event) => {
    const count = options().length
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!count) return
      event.preventDefault()
      if (list.hidden) open(true)
      setActive(event.key === 'ArrowDown' ? active + 1 : active < 0 ? count - 1 : active - 1)
    } else if (event.key === 'Escape') {
      if (!list.hidden) {
        event.preventDefault()
        open(false)
      } else if (input.value) {
        event.preventDefault()
        input.value = ''
        render()
      }
    } else if (event.key === 'Enter') {
      const target = options()[active] ?? (list.hidden ? undefined : options()[0])
      if (!target) return
      event.preventDefault()
      open(false)
      target.click()
    }
  })
  // A click on an option must not blur the box first (the list would close under the pointer).
  list.addEventListener('mousedown', (event) => event.preventDefault())
  list.addEventListener('click', () => open(false))
  input.addEventListener('blur', () => open(false))
  // Without results, the form goes where it goes without a script: the guide index.
  form.addEventListener('submit', (event) => {
    if (shown.length) event.preventDefault()
  })

  indexesOf(locale, () => {
    if (input.value.trim()) render()
  }).then(
    (ix) => {
      indexes = ix
      if (input.value.trim()) render()
    },
    () => {
      failed = true
      if (input.value.trim()) render()
    },
  )
  // Typed before the script arrived (or given in `?q=`): searched as soon as the index is here.
  if (input.value.trim()) render()
}
