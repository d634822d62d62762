/**
 * Route guards by name (docs/behaviour.md §2 and §6). A page names its guards in
 * `pageMeta.middleware`; the build fails on a name that is not listed here. The build prerenders
 * only pages that exist, so a guard never fires there; in the browser, renderer/client/guards.ts
 * applies them to client-side navigations with the build manifest.
 */
export const middlewareNames = ['guide'] as const

export type MiddlewareName = (typeof middlewareNames)[number]
