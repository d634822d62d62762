import type { Config } from 'vike/types'

export default { pageMeta: { layout: 'background' } } satisfies Config
