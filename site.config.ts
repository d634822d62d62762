/**
 * Everything that names the company. Rebrand the site by editing this file and the two catalogs
 * in locales/.
 */
export const site = {
  /** Brand name per locale; also used in `<title>` through the `site.titleTemplate` message. */
  name: { en: 'Rasid', ar: 'رصيد' },
  /** Absolute origin for canonical and hreflang links, sitemap.xml and robots.txt; set SITE_ORIGIN at build time to override. */
  origin: (process.env.SITE_ORIGIN ?? 'https://www.rasid.example').replace(/\/$/, ''),
  email: { sales: 'sales@rasid.example', support: 'support@rasid.example' },
  /** Payment methods in display order: mada first (CONTENT.md). */
  paymentMethods: ['mada', 'Visa', 'Mastercard', 'Apple Pay', 'STC Pay', 'Tabby'],
  themeColor: '#16a34a',
} as const
