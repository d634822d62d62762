declare const __BUILD_ID__: string
declare const __UPDATE_CHECK_INTERVAL__: number

/** The build this page belongs to (build/index.ts sets it; `dev` under `vike dev`). */
export const buildId: string = __BUILD_ID__
/** How often builds/latest.json is polled, in ms (UPDATE_CHECK_INTERVAL_MS at build time; 1 hour). */
export const updateCheckInterval: number = __UPDATE_CHECK_INTERVAL__
