// Copy that drifted back once, held as classes (docs/content.md "Copy checks"): each
// test names the idea, says it one way in both languages, and first shows the bad example it exists
// for. The glossary's words (incident, the status page, privacy policy, work email) are checked
// everywhere by tests/unit/terms.test.ts; these are the rules a word list cannot say.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { createIntl } from '@formatjs/intl'
import { describe, expect, test } from 'vitest'
import { emptyDocument, openIncident, settle } from '../../api/status/doc'
import { atomFeed } from '../../api/status/feed'
import { bare } from '../../build/terms'
import { loadGuides } from '../../build/guides'
import { loadCatalogs } from '../../locales/catalogs'
import { intlLocale } from '../../locales/intlLocale'
import type { MessageId } from '../../locales/messages'
import type { Locale } from '../../locales/locales'
import { site } from '../../site.config'
import { localeCodes } from '../../locales/locales'

const catalogs = loadCatalogs()
const ids = (pattern: RegExp) => Object.keys(catalogs.en).filter((id) => pattern.test(id))
/** The ids of `locale` whose text matches `pattern` (Arabic without diacritics). */
const offending = (locale: Locale, area: RegExp, pattern: RegExp) =>
  ids(area).filter((id) => pattern.test(locale === 'ar' ? bare(catalogs[locale][id]!) : catalogs[locale][id]!))

describe('the status page: one word for an incident and one name for the page', () => {
  /** The Arabic words for an incident: «عطل», «العطل», «أعطال», «الأعطال», with a proclitic or a case ending. */
  const incidentAr = /(?<!\p{L})[وفبل]?(ال)?(عطل|أعطال)/u
  const statusAreas = /^(monitoring|status)\./

  test('the bad examples', () => {
    expect(incidentAr.test(bare('لا حوادث خلال آخر 90 يومًا.'))).toBe(false)
    expect(incidentAr.test(bare('لا أعطال خلال آخر 90 يومًا.'))).toBe(true)
    expect(incidentAr.test(bare('دون أي عطلٍ أو صيانة'))).toBe(true)
  })

  test('every status message that speaks of an incident says «عطل» or «الأعطال» in Arabic', () => {
    const about = ids(statusAreas).filter((id) => /\bincidents?\b/i.test(catalogs.en[id]!))
    expect(about.length).toBeGreaterThan(5)
    expect(about.filter((id) => !incidentAr.test(bare(catalogs.ar[id]!)))).toEqual([])
  })

  test('the page is “Service status” / «حالة الخدمة», or “this page” on the page itself', () => {
    // Bad: "Follow updates on the status page", "Rasid status: incidents", «صفحة حالة الخدمات».
    const unnamed = /(?<!Service )\bstatus page\b|\bRasid status\b/i
    expect(unnamed.test('Follow updates on the status page')).toBe(true)
    expect(unnamed.test('Follow updates on the Service status page')).toBe(false)
    expect(offending('en', /./, unnamed)).toEqual([])
    // A message that names the page in English names it in Arabic, by its name or as this page.
    const names = ids(/./).filter((id) => /\bService status\b|\bthis page\b/.test(catalogs.en[id]!))
    const statusNames = names.filter((id) => statusAreas.test(id) || /Service status/.test(catalogs.en[id]!))
    expect(statusNames.length).toBeGreaterThan(3)
    expect(statusNames.filter((id) => !/حالة الخدمة(?!\p{L})|هذه الصفحة/u.test(bare(catalogs.ar[id]!)))).toEqual([])
  })

  test('the FAQ quotes the sample tag as the page shows it', () => {
    for (const locale of localeCodes) {
      const tag = catalogs[locale]['monitoring.status.sampleTag']!
      expect(catalogs[locale]['monitoring.faq.data.answer'], locale).toContain(
        locale === 'en' ? `“${tag}”` : `«${tag}»`,
      )
    }
    // The tag is not the sample note's words («بيانات للعرض فقط؛ …» just above it).
    expect(catalogs.ar['monitoring.sample']).not.toContain(catalogs.ar['monitoring.status.sampleTag'])
  })
})

describe('what a buyer reads on the checkout, the cart and the hosted payment page', () => {
  const buyerAreas = /^(checkout|cart|sandbox)\./

  test('no server: the buyer hears what happens, not which machine it happens on', () => {
    // Bad: "Confirming your payment with our server…", «تعذّر الوصول إلى خادمنا».
    expect(/\bservers?\b/i.test('Confirming your payment with our server…')).toBe(true)
    expect(offending('en', buyerAreas, /\bservers?\b/i)).toEqual([])
    expect(offending('ar', buyerAreas, /خادم|خوادم/)).toEqual([])
  })

  test('the checkout never calls the hosted payment page ours: the privacy policy says whose it is', () => {
    // Bad: "pay on our secure hosted payment page", «صفحة الدفع المستضافة من رصيد», against the
    // privacy policy's "the hosted payment page of the payment service provider we work with".
    const oursEn = /\b(our|Rasid's|Rasid’s)\s+(secure\s+)?hosted payment page/i
    const oursAr = /صفحة (ال)?دفع (ال)?مستضافة( (ال)?امنة)? (من رصيد|لدى رصيد|لدينا|الخاصة بنا)/
    expect(oursAr.test(bare('تدفع عبر صفحة الدفع المستضافة من رصيد، ثم تعود إلى هنا.'))).toBe(true)
    expect(offending('en', /^checkout\./, oursEn)).toEqual([])
    expect(offending('ar', /^checkout\./, oursAr)).toEqual([])
    expect(catalogs.en['privacy.collect.checkout.data']).toContain(
      'hosted payment page of the payment service provider we work with',
    )
    expect(catalogs.ar['privacy.collect.checkout.data']).toContain('مقدّم خدمات المدفوعات الذي نتعامل معه')
  })

  test('“Your cart is saved.”, «سلة مشترياتك محفوظة», and the next step after it', () => {
    // Bad: "Your cart is kept; try again", «سلة المشتريات محفوظة؛ أعد المحاولة».
    const keptEn = /\b(cart|typed)\b[^.]*\bkept\b|Your cart is saved[;:]/i
    expect(keptEn.test('Your cart is kept; try again in a moment.')).toBe(true)
    expect(keptEn.test('Your cart is saved: try again.')).toBe(true)
    expect(keptEn.test('Your cart is saved. Try again in a moment.')).toBe(false)
    expect(offending('en', /./, keptEn)).toEqual([])
    expect(offending('ar', /./, /سلة المشتريات محفوظة/)).toEqual([])
    // The «؛» of the English semicolon: the Arabic joins with «، فـ» as the return messages do.
    expect(offending('ar', buyerAreas, /؛/)).toEqual([])
  })
})

describe('the preview card’s alternative text names the image', () => {
  /** Every title a page gives its card: the areas' titles, the error pages' and every guide's. */
  function pageTitles(locale: Locale): string[] {
    const catalog = catalogs[locale]
    const own = Object.keys(catalog)
      .filter((id) => /^[a-zA-Z]+\.meta\.title$/.test(id) || /^error\.\w+\.title$/.test(id))
      .map((id) => catalog[id]!)
    return [...own, ...loadGuides()[locale].map((g) => g.title)]
  }
  const alt = (locale: Locale, template: string, page: string) =>
    String(
      createIntl({
        locale: intlLocale(locale),
        messages: { 'site.cardAlt': template } as Record<MessageId, string>,
      }).formatMessage({ id: 'site.cardAlt' }, { page }),
    )
  /** A sentence about the image: it says it is a preview, names the brand's page and quotes its title. */
  function problem(locale: Locale, text: string, title: string): string | undefined {
    const preview = locale === 'en' ? /^Preview of\b/ : /^معاينة(?!\p{L})/u
    const quoted = locale === 'en' ? `“${title}”` : `«${title}»`
    if (!preview.test(text)) return `does not say it is a preview: ${text}`
    if (!text.includes(quoted)) return `does not quote the title ${quoted}: ${text}`
    if (!text.includes(site.name[locale])) return `does not name ${site.name[locale]}: ${text}`
    return undefined
  }

  test('the bad examples: the title read as a sentence', () => {
    expect(problem('en', alt('en', '{page} on the Rasid website', 'Contact us'), 'Contact us')).toBeDefined()
    expect(problem('ar', alt('ar', '{page} على موقع رصيد', 'الصفحة غير موجودة'), 'الصفحة غير موجودة')).toBeDefined()
  })

  test.each(localeCodes)('%s: site.cardAlt filled with every page title', (locale) => {
    const titles = pageTitles(locale)
    expect(titles.length).toBeGreaterThan(15)
    const template = catalogs[locale]['site.cardAlt']!
    // One argument, the title: nothing else the card's code does not give it.
    const args = parse(template).filter((el: MessageFormatElement) => el.type !== TYPE.literal)
    expect(args.map((el) => ('value' in el ? el.value : ''))).toEqual(['page'])
    expect(titles.map((t) => problem(locale, alt(locale, template, t), t)).filter(Boolean)).toEqual([])
  })
})

describe('the status feeds say what the page says', () => {
  const t0 = Date.parse('2026-11-25T07:30:00Z')
  const doc = settle(
    openIncident(emptyDocument('Asia/Riyadh', t0), {
      impact: 'major',
      components: ['api'],
      title: { en: 'API errors', ar: 'أخطاء في الواجهة البرمجية' },
      text: { en: 'We are investigating.', ar: 'نتحقق من المشكلة.' },
      at: t0,
    }).doc,
    t0,
  )
  /** The first entry's content, as a feed reader reads its HTML. */
  const content = (lang: Locale) =>
    /<content type="html">([^<]*)<\/content>/
      .exec(atomFeed(doc, lang, 'https://www.rasid.example'))![1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')

  test('each update’s time is named by its place, and an Arabic update is laid out right to left', () => {
    // Bad: "(1 November 2026 at 08:40): …" with no zone, and Arabic with no direction.
    // 07:30 UTC is 10:30 in Riyadh.
    expect(content('en')).toMatch(/^<p><strong>Investigating<\/strong> \(25 November 2026 at 10:30, Riyadh time\): /)
    expect(content('ar')).toMatch(
      /^<p dir="rtl"><strong>[^<]+<\/strong> \(25 نوفمبر 2026، الساعة 10:30 بتوقيت الرياض\): نتحقق من المشكلة\.<\/p>$/,
    )
  })
})
