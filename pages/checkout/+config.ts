import type { Config } from 'vike/types'

export default { pageMeta: { layout: 'no-footer', messageAreas: ['status'] } } satisfies Config
