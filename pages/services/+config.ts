import type { Config } from 'vike/types'

export default { pageMeta: { page: 'services', denseLayout: true } } satisfies Config
