import type { Config } from 'vike/types'

// The contact forms' copy and the API's field errors (`contact.*`) are their own message area.
export default { pageMeta: { layout: 'no-footer', messageAreas: ['contact', 'status'] } } satisfies Config
