// Site-wide Vike settings, re-exported by pages/+config.ts (Vike reads only `+config` files).
import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  // https://vike.dev/prerender: every route x locale becomes a static file for S3.
  prerender: true,
  // https://vike.dev/meta: the typed page metadata of BEHAVIOUR.md section 2.
  meta: {
    pageMeta: { env: { server: true, client: true } },
  },
  // https://vike.dev/favicon
  favicon: '/favicon.svg',
  // https://vike.dev/prefetch: off, because renderer/runtime/prefetch.ts prefetches page code and
  // _payload.json together, at most 4 at a time.
  prefetch: { staticAssets: false, pageContext: false },
} satisfies Config
