declare const __UPDATE_CHECK_INTERVAL__: number

let id: string | undefined

/** The build this document belongs to, from its `<meta name="build-id">` (`dev` without one). */
export function buildId(): string {
  id ??=
    (typeof document !== 'undefined' && document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content) ||
    'dev'
  return id
}

/** How often builds/latest.json is polled, in ms (UPDATE_CHECK_INTERVAL_MS at build time; 1 hour). */
export const updateCheckInterval: number = __UPDATE_CHECK_INTERVAL__
