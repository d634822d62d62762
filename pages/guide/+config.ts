import type { Config } from 'vike/types'

// The guide index and every article: no FAQ block, and the `guide` guard (docs/behaviour.md §2).
export default { pageMeta: { noFAQ: true, middleware: ['guide'] } } satisfies Config
