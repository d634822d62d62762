// Site-wide Vike settings, re-exported by pages/+config.ts (Vike reads only `+config` files).
import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  // https://vike.dev/prerender: every route x locale becomes a static file for S3.
  prerender: true,
  // https://vike.dev/render-modes (HTML-only): pages, layouts and the wrapper render to HTML at
  // build time only. The browser gets renderer/+client.ts, a runtime without React, which hydrates
  // the islands (renderer/islands/) of the pages that have them.
  meta: {
    Page: { env: { server: true, client: false } },
    Layout: { env: { server: true, client: false } },
    Wrapper: { env: { server: true, client: false } },
    // The typed page metadata of docs/behaviour.md §2 (https://vike.dev/meta).
    pageMeta: { env: { server: true, client: false } },
  },
  // https://vike.dev/clientHooks: no Vike client hook runs in the browser; +client.ts does it all.
  clientHooks: false,
  // No Vike client router: +client.ts navigates (renderer/client/), so Vike writes no pageContext.json.
  clientRouting: false,
  // https://vike.dev/favicon
  favicon: '/favicon.svg',
} satisfies Config
