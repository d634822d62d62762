// The guides' search box as a combobox (ARIA 1.2 pattern, docs/search.md), loaded when a visitor
// first focuses it (./start.ts `watchGuideSearch`). The first chunk of its index is fetched then
// (the guides' titles, groups, descriptions and headings); as the visitor types, the prose shards
// of the query's first letters, which join the results when they arrive. Results update as
// the visitor types; each is a link the router opens in place. Focus stays in the box: the arrows
// move the active option (aria-activedescendant), Enter opens it, Escape closes the list, then
// clears the box. The status line says how many guides match, once typing pauses.
import MiniSearch, { type AsPlainObject } from 'minisearch'
import { isLocale, type Locale } from '../../locales/locales'
import { localizePath } from '../../locales/localizePath'
import { dataAttrs } from '../shared/dom'
import { bodyIndexOptions, headIndexOptions, type SearchDoc, type SearchHead, searchIndexPath } from '../search/files'
import { type Indexes, searchGuides, shardsOf } from '../search/query'
import { termsOf } from '../search/text'
import { buildId } from './buildInfo'
import { fetchHere } from './leaving'
import { isSlowConnection } from './connection'
import { queuedPayload } from './prefetch'

interface Texts {
  results: Record<string, string>
  none: string
  loading: string
  unavailable: string
}

/** At most this many results are listed. */
const LIMIT = 8
/** The status line waits for typing to pause this long, so a screen reader hears one count. */
const ANNOUNCE_AFTER = 600

interface Loaded extends Indexes {
  body: Map<number, MiniSearch<SearchDoc>>
}

const loaded = new Map<string, Promise<Loaded>>()
const shardsLoading = new Map<string, Promise<void>>()

const fetchJson = (path: string): Promise<unknown> =>
  fetchHere(`${path}?${buildId()}`, (res) => {
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    return res.json()
  })

/** The language's first chunk. */
function indexesOf(locale: Locale): Promise<Loaded> {
  let indexes = loaded.get(locale)
  if (!indexes) {
    indexes = fetchJson(searchIndexPath(locale)).then((json) => {
      const head = json as SearchHead
      if (head?.v !== 1 || !Array.isArray(head.shards)) throw new Error('not a search index')
      return { head: MiniSearch.loadJS<SearchDoc>(head.index, headIndexOptions), shards: head.shards, body: new Map() }
    })
    loaded.set(locale, indexes)
    indexes.catch(() => loaded.delete(locale))
  }
  return indexes
}

/** A shard that failed is not asked for again before this many ms (offline, a missing file). */
const RETRY_AFTER = 10_000
const failedAt = new Map<string, number>()

/**
 * Fetches the prose shards `text` needs that are not here yet. Resolves to whether one arrived (the
 * results are then drawn again); undefined when there is nothing to fetch.
 */
function loadShards(locale: Locale, indexes: Loaded, text: string): Promise<boolean> | undefined {
  const now = Date.now()
  const missing = shardsOf(indexes.shards, text).filter((n) => {
    if (indexes.body.has(n)) return false
    const failed = failedAt.get(`${locale}.${n}`)
    return failed === undefined || now - failed > RETRY_AFTER
  })
  if (!missing.length) return undefined
  return Promise.all(
    missing.map((n) => {
      const key = `${locale}.${n}`
      let loading = shardsLoading.get(key)
      if (!loading) {
        loading = fetchJson(searchIndexPath(locale, n)).then((json) => {
          indexes.body.set(n, MiniSearch.loadJS<SearchDoc>(json as AsPlainObject, bodyIndexOptions))
        })
        shardsLoading.set(key, loading)
        // Titles still match meanwhile; the shard is asked for again by a query after RETRY_AFTER.
        loading.then(
          () => failedAt.delete(key),
          () => {
            shardsLoading.delete(key)
            failedAt.set(key, Date.now())
          },
        )
      }
      return loading.then(
        () => true,
        () => false,
      )
    }),
  ).then((arrived) => arrived.includes(true))
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

/** A guide's prose, from its payload (the router's own cache, which its opening will use), at most 4 fetches at once. */
const proseCache = new Map<string, Promise<string>>()
function proseOf(path: string): Promise<string> {
  let prose = proseCache.get(path)
  if (!prose) {
    prose = queuedPayload(path).then(({ content }) => {
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

/**
 * Makes one search form a combobox; idempotent. With `fromQuery`, the page's address has a `q`,
 * which the box takes, with the focus unless `keep`.
 */
export function enhanceSearch(form: HTMLFormElement, fromQuery?: 'focus' | 'keep') {
  const q = fromQuery && new URLSearchParams(location.search).get('q')
  if (q) {
    const box = form.querySelector<HTMLInputElement>('input[type="search"]')!
    box.value = q
    if (fromQuery === 'focus') box.focus()
  }
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

  let indexes: Loaded | undefined
  let failed = false
  let active = -1
  let shown: ReturnType<typeof searchGuides> = []
  /** The visitor closed the list (Escape): a late index or shard does not open it again. */
  let dismissed = false
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
    for (const [k, o] of all.entries()) o.setAttribute('aria-selected', String(k === active))
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

  /** Draws the results of the box's query (at each key, and when the index or a shard arrives). */
  const render = () => {
    // A late index or shard for a form a page swap has taken away: nothing to draw.
    if (!form.isConnected) return
    const text = input.value.trim()
    if (!text) {
      shown = []
      list.textContent = ''
      open(false)
      announce('', true)
      return
    }
    if (!indexes) {
      // After a failure, asked again at the next key, in case the network is back.
      if (failed) load()
      return announce(failed ? texts.unavailable : texts.loading, true)
    }
    // The prose shards this query needs join the results when they arrive.
    void loadShards(locale, indexes, text)?.then((arrived) => {
      if (arrived && input.value.trim() === text) render()
    })
    const activeId = shown[active]?.id
    const hits = searchGuides(indexes, text)
    shown = hits.slice(0, LIMIT)
    list.textContent = ''
    shown.forEach((hit, i) => {
      // Imported, not cloned: a clone would belong to the template's inert document.
      const option = document.importNode(template.content.firstElementChild!, true) as HTMLAnchorElement
      const path = localizePath(`/guide/${hit.id}`, locale)
      option.id = `guide-search-option-${i}`
      option.href = path
      // Named by all it shows (its visible text must be in its name, WCAG 2.5.3).
      const [title, group, excerpt] = option.querySelectorAll('span')
      highlight(title!, hit.stored.t, hit.terms)
      group!.textContent = hit.stored.g
      const best = [hit.stored.d, ...hit.stored.h.split('\n')]
        .map((t) => excerptOf(t, hit.terms))
        .reduce((a, b) => (b.score > a.score ? b : a))
      highlight(excerpt!, best.text, hit.terms)
      // A match in the prose only: its passage, once the guide's payload is here (not on a slow connection).
      if (!best.score && !isSlowConnection())
        void proseOf(path).then(
          (prose) => {
            const passage = excerptOf(prose, hit.terms)
            if (passage.score && option.isConnected) highlight(excerpt!, passage.text, hit.terms)
          },
          () => {},
        )
      list.append(option)
    })
    // Only under the visitor's focus, and not once they closed it: a late answer opens nothing.
    open(shown.length > 0 && document.activeElement === input && !dismissed)
    // The option the visitor had reached stays active when a shard redraws the list.
    const again = shown.findIndex((h) => h.id === activeId)
    if (again >= 0 && !list.hidden) setActive(again)
    else {
      active = -1
      input.removeAttribute('aria-activedescendant')
    }
    announce(
      hits.length
        ? texts.results[plural.select(hits.length)]!.replace('#', String(hits.length))
        : // The query isolated (U+2068 … U+2069): a Latin run such as "3-D Secure" keeps its order in Arabic.
          texts.none.replace('{query}', () => `\u2068${text}\u2069`),
    )
  }

  /** The visitor opens the list again (a key, the button, the focus): late answers may redraw it. */
  const reopen = () => {
    dismissed = false
    open(true)
  }
  input.addEventListener('input', () => {
    dismissed = false
    render()
  })
  input.addEventListener('focus', () => {
    if (input.value.trim() && shown.length) reopen()
  })
  input.addEventListener('keydown', (event) => {
    const count = options().length
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!count) return
      event.preventDefault()
      if (list.hidden) reopen()
      setActive(event.key === 'ArrowDown' ? active + 1 : active < 0 ? count - 1 : active - 1)
    } else if (event.key === 'Escape') {
      if (!list.hidden) {
        event.preventDefault()
        open(false)
        dismissed = true
      } else if (input.value) {
        event.preventDefault()
        input.value = ''
        render()
      }
    } else if (event.key === 'Enter' && !event.isComposing) {
      if (!count) return
      event.preventDefault()
      // The list closed (Escape): Enter opens it again.
      if (list.hidden) return reopen()
      const target = options()[active] ?? options()[0]!
      open(false)
      // Ctrl or Cmd with Enter: a new tab, as with a click on a link.
      if (event.ctrlKey || event.metaKey) window.open(target.href, '_blank', 'noopener')
      else target.click()
    }
  })
  // A click on an option must not blur the box first (the list would close under the pointer).
  list.addEventListener('mousedown', (event) => event.preventDefault())
  list.addEventListener('click', () => open(false))
  input.addEventListener('blur', () => open(false))
  // With results, the button shows them; without, the form goes where it goes without a script.
  form.addEventListener('submit', (event) => {
    if (!shown.length) return
    event.preventDefault()
    input.focus()
    reopen()
  })

  const load = () => {
    failed = false
    indexesOf(locale).then(
      (ix) => {
        indexes = ix
        if (input.value.trim()) render()
      },
      () => {
        failed = true
        if (input.value.trim()) announce(texts.unavailable, true)
      },
    )
  }
  load()
  // Typed before the script arrived (or given in `?q=`): searched as soon as the index is here.
  if (input.value.trim()) render()
}
