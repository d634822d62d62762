// What ./suite.ts hands the flows of ./suiteFlows.ts and ./suiteForms.ts: a language's session (its
// browser, its checks and the page helpers over them) and the site's paths in a language.
import type { Locale } from '../../locales/locales'
import { localized } from '../routes'
import type { Engine, EngineName } from './driver'

export const dirOf = (l: Locale) => (l === 'ar' ? 'rtl' : 'ltr')
/** A site path in a language: `/pricing` -> `/ar/pricing`, `/` -> `/ar` (the site's own links). */
export const at = (path: string, l: Locale) => localized(path, l)

export type Probe = Window & { __probe?: number }

/** Problems that a test expects: the 404 document of an unknown address. */
export interface Expected {
  /** `404 GET /no-such-page`, once. */
  answers?: string[]
  /** A console message of the browser about that answer (WebKit: `Failed to load resource … 404`). */
  messages?: RegExp[]
}

/** The page's own state: path, language, direction, title, whether the window is the same one. */
interface PageState {
  path: string
  lang: string
  dir: string
  title: string
  probe: number | null
  focusH1: boolean
}

/** One language's session in one engine, as ./suite.ts makes it. */
export interface Session {
  name: EngineName
  l: Locale
  /** The session's browser: every call reaches the session of the moment (a lost one is replaced). */
  e: Engine
  /** A test run in this session: `body`, then no problem since the test before. */
  check(title: string, body: () => Promise<void>, options?: { expected?: Expected; timeout?: number }): void
  go(path: string): Promise<void>
  /** The runtime started (`html[data-hydrated]`). */
  started(): Promise<boolean>
  state(): Promise<PageState>
  /** Swapped to `path` (its address and its title); then the swap's View Transition ends before the next click. */
  arrived(path: string): Promise<boolean>
  /** Marks the window: a page swapped in place keeps the mark, a full load loses it. */
  mark(n: number): Promise<void>
}

/** An Engine whose every call goes to `current()`: the flows hold it while the session under it may be replaced. */
export function currentEngine(current: () => Engine): Engine {
  return {
    get name() {
      return current().name
    },
    get version() {
      return current().version
    },
    goto: (url) => current().goto(url),
    eval: (fn, ...args) => current().eval(fn, ...args),
    waitFor: (ms, fn, ...args) => current().waitFor(ms, fn, ...args),
    click: (selector) => current().click(selector),
    type: (selector, text) => current().type(selector, text),
    clearAndType: (selector, text) => current().clearAndType(selector, text),
    select: (selector, value) => current().select(selector, value),
    key: (name) => current().key(name),
    viewport: (width, height) => current().viewport(width, height),
    drain: () => current().drain(),
    close: () => current().close(),
  }
}
