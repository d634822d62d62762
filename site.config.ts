import { companyName } from './locales/company'
import { markets } from './api/contract/markets'
import { privacyFacts } from './api/contract/privacy'

/**
 * Everything that names the company on the site. Rebrand it by editing this file, its name in
 * locales/company.ts and the two catalogs in locales/. What the company sells and on what
 * terms (markets, fees, methods, the catalogue, the privacy periods) is the contract's, which the
 * API reads too: api/contract/markets.ts, methodFacts.ts, catalogue.ts and privacy.ts.
 */
export const site = {
  /** Brand name per locale; also used in `<title>` through the `site.titleTemplate` message. */
  name: companyName,
  /** The one public origin: canonical and hreflang links, sitemap.xml, robots.txt, JSON-LD. Set SITE_ORIGIN at build time to override. */
  origin: (process.env.SITE_ORIGIN ?? 'https://www.rasid.example').replace(/\/$/, ''),
  /** `security` is where a vulnerability is reported: dist/.well-known/security.txt and the security guide. */
  email: { sales: 'sales@rasid.example', support: 'support@rasid.example', security: 'security@rasid.example' },
  /** Sales phone line (E.164), shown left to right on both pages: the Saudi line, which answers urgent calls too. */
  phone: markets.find((m) => m.code === 'sa')!.urgentPhone,
  /** The brand's green (renderer/brand/tokens.ts `brand[700]`): the browser's toolbar and the phone's icons. */
  themeColor: '#0B6B3A',
  /** Where a merchant signs in to their dashboard (the header's "Sign in"): `<dashboard>/<locale>/sign-in`. */
  dashboard: 'https://dashboard.rasid.example',
  /**
   * The licence and registration lines of the footer and the home page's licence card: sample
   * values, each line says so (Rasid is a fictional brand; docs/content.md "Sample figures"). A
   * licence number per central bank (SAMA, the Central Bank of the UAE, the Central Bank of
   * Egypt), the Saudi commercial registration (10 digits) and VAT registration number (15 digits).
   */
  registration: {
    licence: { sa: '000000', ae: '000000', eg: '000000' },
    cr: '1010000000',
    vat: '300000000000003',
  },
} as const

/** A phone number's WhatsApp link: `https://wa.me/` and its digits, without `+` or spaces. */
export const whatsAppUrl = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`

/**
 * Facts a merchant acts on, said in one place. Messages take them as ICU arguments (locales/facts.ts
 * fills them in when a page's messages are picked; docs/content.md "Facts"), and guides as `{{name}}`
 * placeholders (build/guideFacts.ts), so the home page, services, pricing, the FAQ and the guides
 * cannot disagree. The settlement times are the fee rows' `settlementDays`; the privacy periods and
 * the data's region are api/contract/privacy.ts's.
 */
export const facts = {
  /** Business days from complete documents to a decision on business verification. */
  verificationDays: 2,
  /** Business days within which sales answers a lead. */
  salesReplyDays: 1,
  /** Business hours within which support answers. */
  supportReplyHours: 4,
  /** Minutes within which the urgent line answers, every day. */
  urgentReplyMinutes: 30,
  /** Business days of notice before planned maintenance. */
  maintenanceNoticeDays: 5,
  ...privacyFacts,
} as const

/**
 * The approval-rate alert's rule, said once: an alert when the approval rate
 * of the last hour falls more than `dropPoints` percentage points below its average over the last
 * `averageDays` days. The status page's alert card and its chart's summary take them as the
 * arguments `approvalAlertPoints` and `approvalAlertDays` (locales/facts.ts), and the sample chart's
 * alert day is the one day that breaks it (tests/unit/facts.test.ts). Not in `facts`: those are
 * what the privacy notice may state, and each change of them is a new consent version.
 */
export const approvalAlert = { dropPoints: 3, averageDays: 7 } as const
