// Guide search's query table (docs/search.md): for each matching rule, a query as a visitor would
// type it and the guide it must find first. The unit test runs it on the indexes the build writes,
// the browser test types it into the box, and `npm run bench -- --search` times it.
import type { Locale } from '../locales/locales'

export interface SearchCase {
  locale: Locale
  rule: string
  query: string
  /** The slug of the guide that must come first. */
  first: string
}

export const searchQueries: readonly SearchCase[] = [
  { locale: 'en', rule: 'case', query: 'WEBHOOK', first: 'webhooks' },
  { locale: 'en', rule: 'plural and singular', query: 'test card', first: 'testing/test-cards' },
  { locale: 'en', rule: 'plural and singular', query: 'signatures', first: 'webhooks' },
  { locale: 'en', rule: 'a typo', query: 'webhok', first: 'webhooks' },
  { locale: 'en', rule: 'a typo', query: 'setlement', first: 'payouts' },
  { locale: 'en', rule: 'a typo', query: 'chargebak', first: 'disputes' },
  { locale: 'en', rule: 'a word being typed', query: 'payo', first: 'payouts' },
  { locale: 'en', rule: 'a brand in Arabic script', query: 'تابي', first: 'testing/test-cards' },
  { locale: 'en', rule: 'a brand of two words', query: 'Apple Pay', first: 'payments/mobile-apps' },
  { locale: 'ar', rule: 'diacritics', query: 'الاسْتِرْدَاد', first: 'payments/refunds' },
  { locale: 'ar', rule: 'tatweel', query: 'الاســترداد', first: 'payments/refunds' },
  { locale: 'ar', rule: 'alef with hamza as bare alef', query: 'انشاء عملية دفع', first: 'payments/accept-a-payment' },
  { locale: 'ar', rule: 'ta marbuta as ha', query: 'التسويه', first: 'payouts' },
  { locale: 'ar', rule: 'alef maqsura as ya', query: 'متي', first: 'saved-cards/authentication' },
  { locale: 'ar', rule: 'the article after و', query: 'والاسترداد', first: 'payments/refunds' },
  { locale: 'ar', rule: 'the article after ب', query: 'بالبطاقات', first: 'saved-cards/authentication' },
  { locale: 'ar', rule: 'ل with the article (لل)', query: 'للتسوية', first: 'payouts' },
  { locale: 'ar', rule: 'و and ب without the article', query: 'وبمفاتيح', first: 'getting-started/api-keys' },
  { locale: 'ar', rule: 'ل without the article', query: 'لمدى', first: 'testing/test-cards' },
  { locale: 'ar', rule: 'Arabic-Indic digits', query: '٤٤٦٤', first: 'testing/sandbox-scenarios' },
  { locale: 'ar', rule: 'a brand in Latin script', query: 'Tabby', first: 'testing/test-cards' },
  { locale: 'ar', rule: 'a Latin brand spelt in Arabic', query: 'أبل باي', first: 'payments/mobile-apps' },
  { locale: 'ar', rule: 'a word being typed', query: 'مفات', first: 'getting-started/api-keys' },
]
