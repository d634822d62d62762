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
}

/** Throws for a route guard name that is not registered in renderer/middleware.ts. */
export function assertMiddleware(names: readonly string[] | undefined): asserts names is MiddlewareName[] | undefined {
  for (const name of names ?? []) {
    if (!(middlewareNames as readonly string[]).includes(name)) throw new Error(`Unknown route middleware: '${name}'.`)
  }
}
