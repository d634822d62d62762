import { middlewareNames, type MiddlewareName } from './shared/middleware'

type LayoutName = 'default' | 'no-footer' | 'background'

/** Page metadata of docs/behaviour.md §2, declared once per route in its `+config.ts` as `pageMeta`. */
export interface PageMeta {
  /** A tag string naming the page (`services` on /services). */
  page?: string
  layout?: LayoutName
  noFAQ?: boolean
  denseLayout?: boolean
  /** Route guards run before the page renders on client-side navigation. */
  middleware?: MiddlewareName[]
  /**
   * Message areas the page needs beyond the shell and its own (`contact` on /contact-us: the form
   * island's copy and the API contract's field errors, `contact.error.*`).
   */
  messageAreas?: string[]
}

/** Throws for a route guard name that is not registered in renderer/middleware.ts. */
export function assertMiddleware(names: readonly string[] | undefined): asserts names is MiddlewareName[] | undefined {
  for (const name of names ?? []) {
    if (!(middlewareNames as readonly string[]).includes(name)) throw new Error(`Unknown route middleware: '${name}'.`)
  }
}
