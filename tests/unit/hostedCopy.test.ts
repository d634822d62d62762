// The copy classes of the hosted payment page, the design page's promise about it and the guides
// that quote it (docs/content.md, "Copy checks"): each rule first fails on the example
// it exists for, then holds over the catalogs, the guides and what the hosted page renders.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { priceCart } from '../../api/contract/pricing'
import { testCard } from '../../api/server/checkout/cards'
import { accountOutcome } from '../../api/server/checkout/methods'
import { closedPage, codePage, declineMessage, payPage, refusedFormPage } from '../../api/server/checkout/page'
import {
  arabicWordingProblems,
  bareButtonLabels,
  clockProblems,
  copyProblems,
  curlyApostrophes,
} from '../../build/copyRules'
import { fillFacts } from '../../build/guideFacts'
import { bidiTextOf, parseHtml } from '../../build/html'
import { loadCatalog } from '../../locales/catalogs'
import { listMarkdown } from '../../build/guides'
import { localeCodes } from '../../locales/locales'
import { previewCard } from '../../pages/design/theme'
import { catalogue } from '../../api/contract/catalogue'
import { markets } from '../../api/contract/markets'
import { methodFacts } from '../../api/contract/methodFacts'

const guidesDir = join(__dirname, '../../locales/guides')
/** Each guide of `locale`, its facts filled in as the build fills them. */
const guidesOf = (locale: string) =>
  listMarkdown(join(guidesDir, locale)).map((file) => ({
    file,
    markdown: fillFacts(readFileSync(join(guidesDir, locale, file), 'utf8'), locale as 'en'),
  }))

/** The hosted page's buttons and links, as a guide may quote them. */
const buttonIds = [
  'sandbox.sheet.approve',
  'sandbox.sheet.decline',
  'sandbox.reference.get',
  'sandbox.reference.paid',
  'sandbox.reference.expired',
  'sandbox.account.continue',
  'sandbox.bank.confirm',
  'sandbox.bank.cancel',
  'sandbox.card.cancel',
  'sandbox.step.back',
] as const

describe('each rule fails on the example it exists for', () => {
  test('a 12-hour time or a GMT offset (item 17); the 24-hour clock with the place by name is fine', () => {
    expect(clockProblems('أمامك 30 دقيقة لإتمام الدفع في هذه الصفحة، حتى 6:53 ص غرينتش+3.')).toHaveLength(2)
    expect(clockProblems('حتى \u200F6:53 م')).toHaveLength(1)
    expect(clockProblems('You have 30 minutes to pay on this page, until 06:53 GMT+3.')).toHaveLength(1)
    expect(clockProblems('until 6:53 AM')).toHaveLength(1)
    expect(clockProblems('أي حتى الساعة 06:53 بتوقيت الرياض.')).toEqual([])
    expect(clockProblems('until 06:53 Riyadh time. A payment of SAR 1.00, 3 amounts')).toEqual([])
  })

  test('«رقم الهاتف المحمول» for a phone field, «المصادقة» for 3-D Secure (items 18, 20)', () => {
    expect(arabicWordingProblems('أدخل رقم الهاتف المحمول.')).toHaveLength(1)
    expect(arabicWordingProblems('(المصادقة عبر \u20683-D Secure\u2069). أدخل 123456 لإتمام المصادقة')).toHaveLength(1)
    expect(arabicWordingProblems('أدخل رقم الجوال. (التحقق عبر \u20683-D Secure\u2069)')).toEqual([])
    // The Egyptian method's name, and an API key's authentication, are not these.
    expect(arabicWordingProblems('محافظ الهاتف المحمول، والمصادقة بمفتاح API')).toEqual([])
  })

  test('a curly apostrophe in English (item 44)', () => {
    expect(curlyApostrophes('the sandbox\u2019s page')).toEqual(['x\u2019s'])
    expect(copyProblems('the sandbox\u2019s page', 'en')).toHaveLength(1)
    expect(curlyApostrophes("the sandbox's page, “Cards that succeed”")).toEqual([])
  })

  test('a button label quoted in a guide sentence without a verb (item 45)', () => {
    const labels = ['الحصول على رقم مرجعي', 'Get a reference number']
    expect(bareButtonLabels('اختر فوري ثم **الحصول على رقم مرجعي**، فتعرض الصفحة', labels, 'ar')).toEqual([
      'الحصول على رقم مرجعي',
    ])
    expect(bareButtonLabels('اختر فوري ثم انقر **«الحصول على رقم مرجعي»**، فتعرض', labels, 'ar')).toEqual([])
    expect(bareButtonLabels('Choose Fawry, then **Get a reference number**: the page', labels, 'en')).toEqual([
      'Get a reference number',
    ])
    expect(bareButtonLabels('Choose Fawry, then select **Get a reference number**: the page', labels, 'en')).toEqual([])
  })
})

describe.each(localeCodes)('in %s', (locale) => {
  const catalog = loadCatalog(locale)
  const t = (id: string) => catalog[id]!

  test('the hosted page gives its closing time on the market’s 24-hour clock, its zone by name (item 17)', async () => {
    for (const market of markets) {
      const quote = priceCart(
        { market: market.code as 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] },
        catalogue,
      )
      // 03:53 UTC: 06:53 in Riyadh, 07:53 in Dubai, 05:53 in Cairo (winter).
      const closesAt = Date.UTC(2026, 10, 1, 3, 53)
      const common = { lang: locale, quote, now: closesAt - 30 * 60_000, closesAt }
      const pages = [
        (await payPage({ ...common, action: '/pay', cancelAction: '/cancel' })).html,
        (await codePage({ ...common, method: 'tabby', action: '/c', token: 't', backUrl: '/pay' })).html,
      ]
      const hour = { sa: '06:53', ae: '07:53', eg: '05:53' }[market.code]!
      for (const html of pages) {
        const line = bidiTextOf(parseHtml(/<p class="note" data-closes>.*?<\/p>/.exec(html)![0]).document)
        expect(line, market.code).toContain(hour)
        expect(line, market.code).toContain(t(`sandbox.zone.${market.code}`))
        expect(clockProblems(line), market.code).toEqual([])
      }
    }
  })

  test('no catalog message and no guide writes a 12-hour time or a GMT offset', () => {
    const problems = Object.entries(catalog).flatMap(([id, text]) => clockProblems(text).map((p) => `${id}: ${p}`))
    for (const { file, markdown } of guidesOf(locale))
      problems.push(...clockProblems(markdown).map((p) => `${file}: ${p}`))
    expect(problems).toEqual([])
  })

  test('the guides quote the hosted page’s buttons after a verb (item 45)', () => {
    const labels = buttonIds.map(t)
    const found = guidesOf(locale).flatMap(({ file, markdown }) =>
      bareButtonLabels(markdown, labels, locale).map((l) => `${file}: ${l}`),
    )
    expect(found).toEqual([])
    // The sandbox table quotes them: the check has something to hold.
    expect(
      guidesOf(locale).some(
        ({ markdown }) =>
          markdown.includes(`**«${t('sandbox.reference.get')}»**`) ||
          markdown.includes(`**${t('sandbox.reference.get')}**`),
      ),
    ).toBe(true)
  })

  test('the test cards guide tells the customer what the hosted page tells them, for every code (item 49)', () => {
    const guide = readFileSync(join(guidesDir, locale, 'testing', 'test-cards.md'), 'utf8')
    const rows = [...guide.matchAll(/^\| `([a-z_]+)` \| [^|]+ \| (?:"([^"]+)"|«(.+?)»)/gmu)]
    expect(rows.length).toBe(10)
    for (const [, code, en, ar] of rows)
      expect((en ?? ar)!.replace(/<\/?bdi>/g, ''), code).toBe(t(declineMessage(code!)).replace(/[\u2068\u2069]/g, ''))
  })

  test('the design page’s preview shows the hosted page’s labels and a card the sandbox takes (item 29)', () => {
    expect(t('design.preview.payWith')).toBe(t('sandbox.choose.title'))
    expect(t('design.preview.cardNumber')).toBe(t('sandbox.card.number'))
    expect(t('design.preview.expiry')).toBe(t('sandbox.card.expiry'))
    expect(t('design.preview.cvc')).toBe(t('sandbox.card.cvc'))
    expect(t('design.preview.name')).toBe(t('sandbox.card.name'))
    expect(t('design.preview.pay')).toBe(t('sandbox.card.pay'))
    const card = testCard(previewCard)
    expect(typeof card === 'object' && card.outcome.kind).toBe('success')
  })

  test('the design page promises the language the hosted page keeps: the payment’s, no switch (item 28)', async () => {
    expect(t('design.faq.languages.answer')).not.toMatch(/browser|switch|متصفح|التبديل/)
    expect(t('design.faq.languages.answer')).toMatch(/payment|عملية (ال)?دفع/)
    const quote = priceCart(
      { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] },
      catalogue,
    )
    const { html } = await payPage({
      lang: locale,
      quote,
      action: '/pay',
      cancelAction: '/cancel',
      now: 0,
      closesAt: 60_000,
    })
    expect(html).toContain(`<html lang="${locale}"`)
    expect(html).not.toMatch(/[?&]lang=(?!${locale}\b)/)
  })

  test('a refused form is a page in the buyer’s language with the way back, not JSON (item 27)', async () => {
    const { html } = await refusedFormPage({ lang: locale, payUrl: `/api/v1/sandbox/pay/x?lang=${locale}` })
    expect(html).toContain(`<html lang="${locale}"`)
    expect(html).toContain(`<h1>${t('sandbox.refused.title')}</h1>`)
    expect(html).toContain(`${t('sandbox.bank.closed.back')}</a>`)
  })

  test('a closed payment says its state in one sentence, under a title without a full stop (item 22)', async () => {
    const quote = priceCart(
      { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] },
      catalogue,
    )
    for (const status of ['paid', 'cancelled', 'expired', 'processing'] as const) {
      const { html } = await closedPage({ lang: locale, quote, status, returnUrl: '/checkout' })
      const title = /<title>(.*?)<\/title>/.exec(html)![1]!
      expect(title, status).toBe(t(`sandbox.closed.title.${status}`))
      expect(title, status).not.toMatch(/[.。]$/)
      expect(/<p role="status">(.*?)<\/p>/.exec(html)![1], status).toBe(t(`sandbox.closed.${status}`))
    }
  })
})

test('the English catalog writes one apostrophe (item 44)', () => {
  const found = Object.entries(loadCatalog('en')).flatMap(([id, text]) =>
    curlyApostrophes(text).map((w) => `${id}: ${w}`),
  )
  expect(found).toEqual([])
})

test('the Arabic catalog and guides say «رقم الجوال» and «التحقق عبر 3-D Secure» (items 18, 20)', () => {
  const found = Object.entries(loadCatalog('ar')).flatMap(([id, text]) =>
    arabicWordingProblems(text).map((p) => `${id}: ${p}`),
  )
  for (const { file, markdown } of guidesOf('ar'))
    for (const paragraph of markdown.split(/\n\s*\n|\n(?=\|)/))
      found.push(...arabicWordingProblems(paragraph).map((p) => `${file}: ${p}`))
  expect(found).toEqual([])
})

/**
 * «صفحة الدفع المستضافة» names the product and a page's first mention of it; after that a page says
 * «صفحة الدفع». The messages that may say it in full: the product's name
 * (services' integration table, the status component, the plan's list), each page's first mention
 * (home's products, services' gateway, its FAQ on choosing, design's title and description, the
 * checkout's description and hero, the status incident's title), and the privacy notice, whose
 * words are its recorded consent version.
 */
const hostedPageInFull = new Set([
  'home.products.gateway.body',
  'services.gateway.how',
  'services.faq.choose.answer',
  'services.faq.integration.answer',
  'services.integrations.hosted.name',
  'status.component.checkout',
  'monitoring.faq.data.answer',
  'monitoring.incident.checkoutErrors.title',
  'pricing.feature.everyProduct',
  'design.meta.title',
  'design.meta.description',
  'checkout.meta.description',
  'checkout.hero.body',
  'checkout.how.pay.body',
  'privacy.collect.checkout.data',
  'privacy.collect.checkout.purpose',
  'privacy.recipients.payment',
])

test('«صفحة الدفع المستضافة» only for the product and a first mention; then «صفحة الدفع» (§4 Arabic 4)', () => {
  const full = Object.entries(loadCatalog('ar'))
    .filter(([, text]) => text.includes('صفحة الدفع المستضافة'))
    .map(([id]) => id)
  expect(full.filter((id) => !hostedPageInFull.has(id))).toEqual([])
  // An article says it in full once in its body (its description aside).
  for (const { file, markdown } of guidesOf('ar')) {
    const body = markdown.replace(/^---[\s\S]*?\n---\n/, '')
    expect(body.split('صفحة الدفع المستضافة').length - 1, file).toBeLessThanOrEqual(1)
  }
})

test('the sandbox takes a test number with or without its country code; the guide prints one format (item 47)', () => {
  for (const [brand, facts] of Object.entries(methodFacts)) {
    const flow = facts.sandbox
    if (flow.kind !== 'account') continue
    for (const [market, account] of Object.entries(flow.accounts)) {
      expect(account.approve, brand).toMatch(/^\+\d{8,15}$/)
      expect(account.decline, brand).toMatch(/^\+\d{8,15}$/)
      const code = { sa: '966', ae: '971', eg: '20' }[market]!
      const national = `0${account.approve.slice(1 + code.length)}`
      for (const typed of [account.approve, national, `00${account.approve.slice(1)}`, account.approve.slice(1)])
        expect(accountOutcome(brand as 'stcPay', market, typed), `${brand} ${typed}`).toBe('approve')
      expect(accountOutcome(brand as 'stcPay', market, `0${account.decline.slice(1 + code.length)}`)).toBe('decline')
      expect(accountOutcome(brand as 'stcPay', market, '0599999999')).toBeUndefined()
    }
  }
})
