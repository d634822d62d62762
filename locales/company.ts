// The company's name in each language, a word like the catalogs' words: the site's brand
// (site.config.ts `site.name`) and the merchant the sandbox hosted payment page names
// (api/server/checkout/page.ts). Pure.
import type { Locale } from './locales'

export const companyName = { en: 'Rasid', ar: 'رصيد' } as const satisfies Record<Locale, string>
