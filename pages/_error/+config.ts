import type { Config } from 'vike/types'

export default { pageMeta: { noFAQ: true } } satisfies Config
