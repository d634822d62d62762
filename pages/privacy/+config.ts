import type { Config } from 'vike/types'

// The privacy notice: the default layout with its footer, no FAQ (docs/behaviour.md §2), no island.
export default { pageMeta: { page: 'privacy', noFAQ: true } } satisfies Config
