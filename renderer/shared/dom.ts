// The names the build's HTML and the browser runtime agree on: the router's lifecycle events and
// the data attributes of islands. One typed list, as Astro's transitions/events.ts. Pure: no DOM use.
import type { Locale } from '../../locales/locales'

/**
 * Events the runtime dispatches on `document`:
 * - `rasid:before-swap`: a navigation is about to replace the page (old page still in place);
 * - `rasid:after-swap`: the new page is in place (`detail.locale` is its language);
 * - `rasid:urlchange`: an island changed the query with history.replaceState/pushState;
 * - `rasid:cart-change`: an island wrote the cart (`storageKeys.cart`); other tabs hear `storage`.
 */
export const events = {
  beforeSwap: 'rasid:before-swap',
  afterSwap: 'rasid:after-swap',
  urlChange: 'rasid:urlchange',
  cartChange: 'rasid:cart-change',
} as const

/** localStorage keys the islands and the runtime share. */
export const storageKeys = {
  /** The cart: `{ v: 1, cart, savedAt }` (pages/checkout/cart.ts), versioned in the key. */
  cart: 'rasid.cart.v1',
  /** The code tabs' language the reader chose last (renderer/client/codeTabs.ts): `curl`, `node`, `python` or `php`. */
  codeLanguage: 'rasid.codeLanguage',
} as const

/**
 * A cart untouched this long is dropped when next read, and counts as none (the privacy notice's
 * `browserKeepDays`, api/contract/privacy.ts: tests/unit/cart.test.ts holds them equal); so is the
 * checkout's list of the browser's own sessions.
 */
export const cartMaxAgeMs = 7 * 24 * 60 * 60 * 1000

/** `savedAt` of a stored cart, when it is older than `cartMaxAgeMs` at `now` (or in the future: a clock set wrong). */
export function cartExpired(savedAt: unknown, now: number): boolean {
  return typeof savedAt !== 'number' || now - savedAt > cartMaxAgeMs || savedAt > now + cartMaxAgeMs
}

export interface SwapDetail {
  locale: Locale
}

/** The data attributes the prerendered HTML and the runtime agree on (islands: `islandAttrs`). */
export const dataAttrs = {
  /** On `<html>`, set once the runtime has started (the tests and the benchmark wait for it). */
  started: 'data-hydrated',
  /** On the layout's root: its name, which a payload carries. */
  layout: 'data-layout',
  /** On a link the router must leave to the browser: a full page load. */
  reload: 'data-reload',
  /** On each language-switcher link; the runtime keeps the prerendered href in it and adds the query and hash. */
  localeSwitch: 'data-locale-switch',
  /** On a tooltip trigger: the id of its hidden `role="tooltip"` element. */
  tooltip: 'data-tooltip',
  /** On the header's cart link, hidden until the cart holds something; its count in `data-cart-count`. */
  cartLink: 'data-cart-link',
  cartCount: 'data-cart-count',
  /** On a page's status banner region: the components (api/contract/status.ts) the page needs, comma-separated. */
  statusNeeds: 'data-status-needs',
  /** The banner itself, hidden until one of them is not operational. */
  statusBanner: 'data-status-banner',
  /** A component's name in the page's language, never shown itself. */
  statusComponent: 'data-status-component',
  /** On a component's name: the markets (cart codes, space-separated) it is needed in; without it, in all and with no cart. */
  statusMarkets: 'data-status-markets',
  /** Where the affected components' names go; its value is the list separator. */
  statusAffected: 'data-status-affected',
  /** On the guides' search form: the texts its script shows (JSON); the script loads on first focus. */
  guideSearch: 'data-guide-search',
  /** The form's live region, which says how many guides match. */
  guideSearchStatus: 'data-search-status',
  /** The `<template>` of one result. */
  guideSearchOption: 'data-search-option',
} as const

/** How an island waits before it hydrates: when visible (the default), when the browser is idle, or once the page has painted (`load`). */
export type HydrateOn = 'visible' | 'idle' | 'load'

/** `/pages/design/ThemePreview.island.tsx` -> `ThemePreview`: an island is named after its file. */
export function islandNameOf(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1).replace(/\.island\.tsx$/, '')
}

/** The island markup of renderer/islands/Island.tsx, as the runtime and the payload writer read it. */
export const islandAttrs = {
  /** On the island's wrapper: its name (the file `<Name>.island.tsx`). */
  name: 'data-island',
  /** On the wrapper: a HydrateOn. */
  hydrate: 'data-hydrate',
  /** On the wrapper, set by the runtime: `pending`, then `hydrated`. */
  state: 'data-state',
  /** On the element whose children are the island's prerendered HTML. */
  root: 'data-island-root',
} as const

/**
 * What an island's `<script type="application/json">` holds: the locale it formats in (its language's
 * `intlLocale`, locales/intlLocale.ts), props and the messages it declared (packed:
 * renderer/islands/messages.ts).
 */
export interface IslandData<P = unknown> {
  locale: string
  props: P
  messages: Record<string, unknown>
}

/**
 * Stands in for the requested path in prerendered error markup (404.html, the runtime's 404 view);
 * the browser writes the real path in its place, as text, never as HTML.
 */
export const pathToken = '__RASID_REQUESTED_PATH__'

/** The runtime's error view in one language (build/errorViews.tsx renders it). */
export interface ErrorViewMarkup {
  /** The document title while the view shows. */
  title: string
  /** The view's HTML; a 404's carries `pathToken` where the path goes, to be replaced as text. */
  html: string
}

export type ErrorViews = Record<Locale, Record<404 | 500, ErrorViewMarkup>>
