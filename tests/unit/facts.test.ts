// Facts a merchant acts on live in one place, site.config.ts or api/contract/ (docs/content.md "Facts"): no catalog
// message and no guide states a settlement or reply time, verification time, support hours, a VAT
// rate, a market's list of methods or a plan's features in its own words. Messages take the facts as
// ICU arguments (locales/facts.ts), guides as placeholders (build/guideFacts.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, test } from 'vitest'
import { markdownProse } from '../../build/bidi'
import { bare as withoutDiacritics } from '../../build/terms'
import { fillFacts, intlFor } from '../../build/guideFacts'
import { guidesRoot, listMarkdown } from '../../build/guides'
import { loadCatalog } from '../../locales/catalogs'
import { factValues, selectKey, withFacts } from '../../locales/facts'
import { intlLocale } from '../../locales/intlLocale'
import type { Locale } from '../../locales/locales'
import { approval } from '../../pages/monitoring/sample'
import { approvalAlert, facts } from '../../site.config'
import { markets, methodsOf } from '../../api/contract/markets'
import { planFeatures } from '../../api/contract/catalogue'
import { localeCodes } from '../../locales/locales'

/** A message's literal text outside plural and select options (a branch is chosen by an argument's value). */
function statedText(elements: MessageFormatElement[]): string {
  return elements
    .map((el) => (el.type === TYPE.literal ? el.value : el.type === TYPE.tag ? statedText(el.children) : ' {arg} '))
    .join('')
}

const EN_NUMBERS = '\\d+|one|two|three|four|five|six|seven|eight|nine|ten'
const AR_NUMBERS =
  '\\d+|واحد|واحدة|ثلاث|ثلاثة|أربع|أربعة|خمس|خمسة|ست|ستة|سبع|سبعة|ثماني|ثمانية|تسع|تسعة|عشر|عشرة|ثلاثين'
/**
 * The ways each locale states one of the site's times as a fact of its own: business days or hours
 * (settlement, verification, replies, notice), "within" a number of minutes (the urgent line), a
 * weekday (the business week) and a range of clock times (support hours). Arabic is matched without
 * diacritics. Sample data of the status page (its 90 days, an incident's minutes) is not such a fact.
 */
const statedFacts: Record<Locale, { fact: string; pattern: RegExp }[]> = {
  en: [
    {
      fact: 'a time in business days or hours',
      pattern: new RegExp(
        `\\b(${EN_NUMBERS}|next|same)[ -]business (days?|hours?)\\b|\\bwithin (${EN_NUMBERS}) (minutes?|hours?|days?)\\b`,
        'i',
      ),
    },
    { fact: 'a weekday', pattern: /\b(Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday)s?\b/ },
    { fact: 'support hours', pattern: /\b\d{1,2}:\d{2}\s*(to|until|-|–)/ },
  ],
  ar: [
    {
      fact: 'a time in business days or hours',
      pattern: new RegExp(
        `(يومي|يوما|ساعتي) عمل|(يوم|ساعة) عمل واحدة?|(${AR_NUMBERS}) (أيام|يوم|يوما|ساعات|ساعة) عمل|يوم العمل التالي|خلال (${AR_NUMBERS}) (دقيقة|دقائق|ساعة|ساعات)`,
      ),
    },
    {
      fact: 'a weekday',
      pattern: /(?<![\p{L}])[وف]?(الأحد|الاثنين|الثلاثاء|الأربعاء|الخميس|الجمعة|السبت)(?![\p{L}])/u,
    },
    { fact: 'support hours', pattern: /من \d{1,2}:\d{2}/ },
  ],
}
/**
 * A retention period (api/contract/privacy.ts `leadRetentionDays`, `sessionRetentionDays`, `browserKeepDays`,
 * `privacyReplyDays`): a length of time in days, weeks, months or years. In the privacy notice
 * (`privacy.*`) every such length is one; elsewhere, one next to a word of keeping or deleting.
 * Arabic-Indic digits count as digits; a year of a law's name («لسنة 2020») is not a length, nor
 * «العام» alone (it is also "public"). Catalog messages only: a guide's lengths are the protocol's.
 */
const EN_LENGTH = new RegExp(`\\b(\\d+|${EN_NUMBERS}|eleven|twelve|a|an)[ -](days?|weeks?|months?|years?)\\b`, 'i')
const EN_KEEPING =
  /\b(keep|keeps|kept|retain|retains|retained|retention|stores?|stored|deleted?|deletes|erased?|erases|holds?|held|dropped|removed?)\b/i
const AR_LENGTH = new RegExp(
  `(?<![\\p{L}])(\\d+|[\u0660-\u0669]+|${AR_NUMBERS}|اثني عشر|اثنا عشر)\\s?(يوما|يوم|أيام|أسبوعا|أسبوع|أسابيع|شهرا|شهر|أشهر|شهور|سنة|سنوات|عاما|عام|أعوام)(?![\\p{L}])|(?<![\\p{L}])[وفبل]?(ال)?(سنة|سنتين|سنتان|عامين|عامان|شهرين|شهران|يومين|يومان|أسبوعين|أسبوعان)(?![\\p{L}])(?!\\s*\\d{4})`,
  'u',
)
const AR_KEEPING =
  /نحتفظ|يحتفظ|تحتفظ|الاحتفاظ|احتفاظ|حذف|تحذف|يحذف|نحذف|نخزن|يخزن|تخزن|تخزين|تبقى|يبقى|نحفظ|يحفظ|تحفظ|يُحفظ|تُحفظ/
const retention: Record<Locale, { length: RegExp; keeping: RegExp }> = {
  en: { length: EN_LENGTH, keeping: EN_KEEPING },
  ar: { length: AR_LENGTH, keeping: AR_KEEPING },
}
/** The areas whose every length of time is a retention period: the privacy notice. */
const retentionAreas = ['privacy']

const vatRates = markets.map((m) => ({
  fact: `${m.code}'s VAT rate`,
  pattern: new RegExp(`(?<![\\d.])${m.vatBp / 100}\\s?%`),
}))

/** Payment-method names as the catalogs write them: three in one message or line make a list of methods. */
function methodNames(locale: Locale): string[] {
  const catalog = loadCatalog(locale)
  return [...new Set(markets.flatMap(methodsOf))].map((brand) => catalog[`method.${brand}`]!)
}
const plans: Record<Locale, RegExp> = {
  en: /\b(Starter|Growth|Enterprise)\b/,
  ar: /باقة (البداية|النمو|المؤسسات)/,
}
/** The areas that show plans from the data: the pricing page and the cart. */
const planAreas = ['pricing', 'checkout']

/** Every rule a text breaks: the fact it states in its own words. */
function stated(text: string, locale: Locale, { guide = false, notice = false } = {}): string[] {
  const bare = withoutDiacritics(text)
  const found = [...statedFacts[locale], ...vatRates].filter((r) => r.pattern.test(bare)).map((r) => r.fact)
  const { length, keeping } = retention[locale]
  // A guide's lengths of time are the protocol's (an authorization's expiry), not the data's.
  if (length.test(bare) && (notice || (!guide && keeping.test(bare)))) found.push('a retention period')
  const methods = methodNames(locale).filter((name) => bare.includes(name))
  // In a guide, a list of the methods that can do something (capture, test flows) or of mada's
  // co-badged cards is not a market's list: only a line that names a market counts.
  const aList =
    !guide ||
    (markets.some((m) => bare.includes(loadCatalog(locale)[`pricing.market.${m.code}`]!)) &&
      !/co-badged|شعار/.test(bare))
  if (methods.length >= 3 && aList) found.push(`a list of methods (${methods.join(', ')})`)
  return found
}

/**
 * Durations in the guides that are not Rasid's facts but the banks' or the protocol's, each stated
 * there and nowhere else: how long a refund takes to reach the customer (the card issuer's time),
 * how long an unpaid payment or an old key lasts, and the webhook retry schedule.
 */
const notSiteFacts: Record<string, RegExp> = {
  'payments/refunds.md': /refund|instalment|hold|استرداد|الأقساط|المبلغ المحجوز|Usually|عادةً|تُعاد|يعود|بنك/i,
  'payments/accept-a-payment.md': /pending|cancelled|24|hold|المعلّقة|الحجز/i,
  'getting-started/api-keys.md': /24/,
  'webhooks/index.md': /attempt|retry|retries|محاولة|المحاولات|إعادة/i,
  'going-live/checklist.md': /first days|الأيام الأولى/,
}

describe('each fact is stated in one place', () => {
  test('the rules find a fact written out, in both languages', () => {
    expect(stated('We usually review them within two business days.', 'en')).toEqual([
      'a time in business days or hours',
    ])
    expect(stated('ونراجعها عادةً خلال يومَي عمل، أو 3 أيام عمل', 'ar')).toEqual(['a time in business days or hours'])
    expect(stated('Support replies within 4 hours', 'en')).toEqual(['a time in business days or hours'])
    expect(stated('Sunday to Thursday, 9:00 to 18:00', 'en')).toEqual(['a weekday', 'support hours'])
    expect(stated('من الأحد إلى الخميس، من 9:00 حتى 18:00', 'ar')).toEqual(['a weekday', 'support hours'])
    expect(stated('VAT of 15% on the fee', 'en')).toEqual(["sa's VAT rate"])
    expect(stated('Pay with mada, Visa, Apple Pay and Tabby in Saudi Arabia', 'en', { guide: true })[0]).toMatch(
      /^a list of methods/,
    )
    // Not facts of the site: the status page's window, an incident's minutes, every business day.
    expect(stated('API uptime over the last 90 days; normal for 15 minutes; paid every business day', 'en')).toEqual([])
    expect(stated('تُحوَّل المبالغ في كل يوم عمل، وتعمل الأحداث الجديدة خلال ثوانٍ', 'ar')).toEqual([])
  })

  test('the rules find a retention period written out, in both languages', () => {
    const notice = { notice: true }
    expect(stated('What the contact forms send: 365 days from when it arrives', 'en', notice)).toEqual([
      'a retention period',
    ])
    expect(stated('Checkout sessions are kept for 12 months.', 'en')).toEqual(['a retention period'])
    expect(stated('We delete it after a year.', 'en')).toEqual(['a retention period'])
    expect(stated('ما يرسله نموذجا التواصل: ٣٦٥ يومًا من وصوله', 'ar', notice)).toEqual(['a retention period'])
    expect(stated('نحتفظ بها 90 يومًا', 'ar')).toEqual(['a retention period'])
    expect(stated('ثم نحذفها بعد سنة', 'ar')).toEqual(['a retention period'])
    expect(stated('ملف تعريف الارتباط: سنة من آخر صفحة زرتها', 'ar', notice)).toEqual(['a retention period'])
    // Not retention periods: a law's year, a date, and a length of time nothing is kept for outside the notice.
    expect(stated('قانون حماية البيانات الشخصية رقم 151 لسنة 2020', 'ar', notice)).toEqual([])
    expect(stated('Law No. 151 of 2020; last updated: 26 November 2026', 'en', notice)).toEqual([])
    expect(stated('API uptime over the last 90 days; a year costs ten months', 'en')).toEqual([])
    expect(stated('نسبة التوفر خلال آخر 90 يومًا', 'ar')).toEqual([])
  })

  for (const locale of localeCodes) {
    test(`${locale}: no catalog message states a fact in its own words`, () => {
      const problems: string[] = []
      for (const [id, text] of Object.entries(loadCatalog(locale))) {
        const own = statedText(parse(text))
        const notice = retentionAreas.includes(id.slice(0, id.indexOf('.')))
        for (const fact of stated(own, locale, { notice })) problems.push(`${id}: ${fact} in "${own}"`)
        if (plans[locale].test(own) && !planAreas.includes(id.slice(0, id.indexOf('.'))))
          problems.push(`${id}: names a plan outside the pricing page and the cart: plan features are planFeatures`)
      }
      expect(problems).toEqual([])
    })

    test(`${locale}: no guide states a fact in its own words`, () => {
      const problems: string[] = []
      const dir = join(guidesRoot, locale)
      for (const name of listMarkdown(dir)) {
        const lines = markdownProse(readFileSync(join(dir, name), 'utf8')).split('\n')
        lines.forEach((line, i) => {
          for (const fact of stated(line, locale, { guide: true })) {
            if (fact.startsWith('a time in') && notSiteFacts[name]?.test(line)) continue
            problems.push(`${locale}/${name}:${i + 1}: ${fact}`)
          }
        })
      }
      expect(problems).toEqual([])
    })
  }
})

describe('the facts reach the pages from where they are kept', () => {
  const render = (text: string, locale: Locale) => statedText(withFacts(parse(text), locale))

  test('a fact argument becomes its value, in the branch its number picks', () => {
    expect(render('Within {verificationDays, plural, one {one business day} other {# business days}}', 'en')).toBe(
      `Within ${facts.verificationDays} business days`,
    )
    expect(
      render(
        '{verificationDays, plural, zero {z} one {o} two {يومَي عمل} few {# أيام} many {# يومًا} other {# يوم}}',
        'ar',
      ),
    ).toBe('يومَي عمل')
    // Other arguments stay for the page to fill.
    expect(
      render('{email} within {salesReplyDays, plural, one {one business day} other {# business days}}', 'en'),
    ).toBe(' {arg}  within one business day')
  })

  test('the settlement facts are the fee rows’, and the verification time is the one in the data', () => {
    for (const m of markets)
      expect(factValues[`${m.code}SettlementDays`]).toBe(Math.min(...m.fees.map((f) => f.settlementDays)))
    expect(factValues.verificationDays).toBe(facts.verificationDays)
    expect(factValues.methodCount).toBe(new Set(markets.flatMap(methodsOf)).size)
  })

  test('the privacy notice takes its retention and reply times from the facts, in both languages', () => {
    const cases = [
      ['privacy.retention.leads', 'leadRetentionDays'],
      ['privacy.retention.sessions', 'sessionRetentionDays'],
      ['privacy.retention.browser', 'browserKeepDays'],
      ['privacy.rights.how', 'privacyReplyDays'],
    ] as const
    for (const locale of localeCodes) {
      const catalog = loadCatalog(locale)
      for (const [id, name] of cases) {
        // The catalog holds the fact's argument and no number; the page shows the fact's value.
        expect(catalog[id], id).toContain(`{${name}, plural,`)
        expect(catalog[id], id).not.toMatch(/\d/)
        expect(render(catalog[id]!, locale), id).toContain(
          new Intl.NumberFormat(intlLocale(locale)).format(facts[name]),
        )
      }
    }
  })

  test('the home page, the services page, the FAQ and the guides give the same settlement and verification times', () => {
    const en = loadCatalog('en')
    const sa = factValues.saSettlementDays!
    // One wording with the fee table's "Within # business days".
    const days = sa === 1 ? 'the next business day' : `within ${sa} business days`
    expect(render(en['home.faq.settlement.answer']!, 'en')).toContain(`For cards that is ${days} in Saudi Arabia`)
    expect(render(en['services.gateway.settlement']!, 'en')).toContain(`${days} in Saudi Arabia`)
    const verification = `${facts.verificationDays} business days`
    expect(render(en['home.steps.verify.body']!, 'en')).toContain(verification)
    expect(render(en['home.faq.start.answer']!, 'en')).toContain(verification)
    expect(fillFacts('Verification usually takes {{verification}}.', 'en')).toBe(
      `Verification usually takes ${verification}.`,
    )
    // The guide's settlement table has a row per fee row, with the pricing page's words.
    const table = fillFacts('{{settlement-table}}', 'en').split('\n')
    expect(table).toHaveLength(2 + markets.reduce((n, m) => n + m.fees.length, 0))
    expect(table).toContain('| Saudi Arabia | mada | Next business day |')
  })

  test('every plan lists features the catalogs name, and every market lists its methods in words', () => {
    for (const locale of localeCodes) {
      const catalog = loadCatalog(locale)
      for (const feature of Object.values(planFeatures).flat())
        expect(catalog[`pricing.feature.${feature}`]).toBeDefined()
      for (const m of markets) {
        // As written: Arabic joins a short Latin name with no-break spaces and word joiners (locales/keepTogether.ts).
        const list = fillFacts(`{{methods-${m.code}}}`, locale).replaceAll('\u00A0', ' ').replaceAll('\u2060', '')
        for (const brand of methodsOf(m))
          expect(list).toContain(
            brand === 'wallets' ? catalog['guide.fact.walletsInProse'] : catalog[`method.${brand}`],
          )
      }
    }
  })

  test('a common noun in a market’s list is written as in a sentence: "mobile wallets", not "Mobile wallets"', () => {
    const eg = markets.find((m) => methodsOf(m).includes('wallets'))!
    const list = fillFacts(`{{methods-${eg.code}}}`, 'en')
    expect(list).toContain('mobile wallets')
    expect(list).not.toContain('Mobile wallets')
  })

  test('a refund’s days agree with their number in both languages (3 to 10 "أيام"; 11 and up "يوم")', () => {
    const say = (locale: Locale, min: number, max: number) =>
      intlFor(locale).formatMessage({ id: 'guide.fact.refund.card' }, { min, max })
    expect(say('en', 2, 5)).toBe('Usually 2 to 5 business days, back on the card')
    expect(say('en', 10, 14)).toContain('10 to 14 business days')
    expect(say('ar', 2, 5)).toContain('2 إلى 5 أيام عمل')
    expect(say('ar', 10, 14)).toContain('10 إلى 14 يوم عمل')
  })

  test('a guide placeholder the build does not know fails with its name', () => {
    expect(() => fillFacts('It takes {{verfication}}.', 'en')).toThrow(/unknown placeholder \{\{verfication\}\}/)
    expect(() => fillFacts('See {{settlement-table}} below.', 'en')).toThrow(/on a line of its own/)
    // Code is left as written.
    expect(fillFacts('`{{verification}}`', 'en')).toBe('`{{verification}}`')
  })
})

// The home page must not promise payment data hosted in the markets while the privacy
// notice said the site's data sits in AWS Bahrain. Both now say which data lives where, in the same
// words, and the site's data region is one fact (`facts.siteDataRegion`) both messages select on.
describe('where data lives: the home page and the privacy notice agree, from one fact', () => {
  const pages = ['home.trust.region.body', 'privacy.storage.body'] as const
  /** Where merchants' card and payment data is processed and stored, as both pages say it. */
  const paymentData: Record<Locale, string> = {
    en: 'processed and stored in that country: Saudi payments in Saudi Arabia, Emirati payments in the UAE, Egyptian payments in Egypt',
    ar: 'داخل بلد كل سوق: مدفوعات السعودية في السعودية، ومدفوعات الإمارات في الإمارات، ومدفوعات مصر في مصر',
  }
  const render = (text: string, locale: Locale) => statedText(withFacts(parse(text), locale))
  /** The words a message's select on the fact gives for the fact's value (its place's name), or undefined. */
  function regionName(elements: MessageFormatElement[]): string | undefined {
    for (const el of elements) {
      if (el.type === TYPE.select && el.value === 'siteDataRegion')
        return statedText(el.options[selectKey(facts.siteDataRegion)]?.value ?? [])
      if (el.type === TYPE.tag) return regionName(el.children)
    }
    return undefined
  }

  test('a text fact is filled in as written, and a select takes its branch', () => {
    expect(render('{siteDataRegion}', 'en')).toBe(facts.siteDataRegion)
    expect(render(`{siteDataRegion, select, ${selectKey(facts.siteDataRegion)} {named} other {not}}`, 'en')).toBe(
      'named',
    )
    expect(render('{siteDataRegion, select, elsewhere {named} other {{siteDataRegion}}}', 'en')).toBe(
      facts.siteDataRegion,
    )
  })

  test.each(localeCodes)(
    '%s: both pages name the same region for the site’s data, and the markets for payment data',
    (locale) => {
      const catalog = loadCatalog(locale)
      const names = pages.map((id) => regionName(parse(catalog[id]!)))
      // A branch for the fact's own value, the same words on both pages (never the fallback).
      expect(names[0], pages[0]).toBeTruthy()
      expect(names[1], pages[1]).toBe(names[0])
      for (const id of pages) {
        const text = render(catalog[id]!, locale)
        expect(text, id).toContain(names[0]!)
        expect(text, id).toContain(paymentData[locale])
      }
      expect(render(catalog['privacy.storage.transfer']!, locale)).toContain(
        regionName(parse(catalog['privacy.storage.transfer']!))!,
      )
    },
  )

  test.each(localeCodes)('%s: no message states the site data’s place outside the fact', (locale) => {
    const catalog = loadCatalog(locale)
    // The place in brackets of the fact's branch ("Middle East (Bahrain)": Bahrain), and the code.
    const name = regionName(parse(catalog['home.trust.region.body']!))!
    const place = /\(([^)]+)\)/.exec(name)?.[1] ?? name
    const bare = place.replace(/^ال/, '')
    for (const [id, text] of Object.entries(catalog)) {
      const stated = statedText(parse(text))
      expect(stated, id).not.toContain(facts.siteDataRegion)
      expect(stated, id).not.toContain(bare)
    }
  })
})

// The status page must not state two alert rules on one screen ("below the alert
// threshold of 90%" under the chart, "more than three percentage points below its seven-day
// average" in the alert card). The rule is one setting (`approvalAlert`), both messages take it as
// arguments, and the sample chart's alert day is the day that breaks it.
describe('the approval-rate alert: one rule, from one setting', () => {
  const rule = ['monitoring.alerts.approvalDrop.body', 'monitoring.approval.summary'] as const
  /** The fact arguments a message takes, by name. */
  function factArguments(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
    for (const el of elements) {
      if (el.type === TYPE.plural || el.type === TYPE.select) {
        into.add(el.value)
        for (const option of Object.values(el.options)) factArguments(option.value, into)
      } else if (el.type === TYPE.argument || el.type === TYPE.number) into.add(el.value)
      else if (el.type === TYPE.tag) factArguments(el.children, into)
    }
    return into
  }

  test.each(localeCodes)(
    '%s: both messages take the rule as arguments, and no message states a threshold',
    (locale) => {
      const catalog = loadCatalog(locale)
      for (const id of rule) {
        const args = factArguments(parse(catalog[id]!))
        expect([...args].filter((a) => a.startsWith('approvalAlert')).sort(), id).toEqual([
          'approvalAlertDays',
          'approvalAlertPoints',
        ])
        // Filled in, both say the same rule: the points and the days of the setting.
        const text = statedText(withFacts(parse(catalog[id]!), locale))
        expect(text, id).toContain(String(approvalAlert.dropPoints))
        expect(text, id).toContain(String(approvalAlert.averageDays))
      }
      const threshold = locale === 'en' ? /\bthreshold\b|\d+\s?%/ : /حد التنبيه|\d+\s?%/
      for (const id of Object.keys(catalog).filter((k) => k.startsWith('monitoring.')))
        expect(threshold.test(statedText(parse(catalog[id]!))), `${id}: ${catalog[id]}`).toBe(false)
    },
  )

  test('the sample chart raises its alert on the one day that falls more than the rule allows', () => {
    const { bp, alertDay } = approval
    const breaks = bp
      .map((rate, day) => {
        const before = bp.slice(Math.max(0, day - approvalAlert.averageDays), day)
        if (before.length < approvalAlert.averageDays) return false
        const average = before.reduce((a, b) => a + b, 0) / before.length
        return average - rate > approvalAlert.dropPoints * 100
      })
      .flatMap((broken, day) => (broken ? [day] : []))
    expect(breaks).toEqual([alertDay])
  })
})
