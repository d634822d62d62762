import type { Config } from 'vike/types'

// The status area: component names shared with the banners of the checkout and contact pages.
export default { pageMeta: { messageAreas: ['status'] } } satisfies Config
