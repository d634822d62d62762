// The market's own details in a real browser, both languages: the sales form's volume bands in the chosen
// country's currency, sent as the API takes them; each market's WhatsApp numbers and urgent line on the contact page; a status row for
// Meeza, Fawry, Tabby and Tamara, "Not measured" where no check measures it, and the checkout's
// banner for an incident on one of them; and the checkout's link to the privacy policy beside its
// Pay button. The live status document is the test's own (page.route), as the CDN would serve it.
import { createIntl } from '@formatjs/intl'
import type { Page } from '@playwright/test'
import { riyalSign } from '../../api/contract/currencySign'
import { bandAmount } from '../../pages/contact-us/bandAmount'
import { volumeBandIds } from '../../api/contract/fields'
import { componentKeys, dayIn, type StatusDocument, statusPaths } from '../../api/contract/status'
import { intlLocale } from '../../locales/intlLocale'
import type { Locale } from '../../locales/locales'
import type { MessageId } from '../../locales/messages'
import { markets, methodsOf, otherCountry } from '../../api/contract/markets'
import { whatsAppUrl } from '../../site.config'
import { catalogs, localized, pageMessages } from '../routes'
import { expect, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

const locales: Locale[] = localeCodes
const t = (l: Locale, id: string, values?: Record<string, string | number>) =>
  createIntl({ locale: intlLocale(l), messages: pageMessages[l] }).formatMessage({ id: id as MessageId }, values)

/**
 * The words of a country's five bands, as the form should show them in `l`: an
 * option is text only, so the currency by its name (never a symbol, nor the riyal's sign); whole
 * figures under a million, round millions in words, «مليون» alone for one; a band names its
 * currency once, after its upper edge.
 */
function bandLabels(l: Locale, currency: string, edges: readonly number[]) {
  const amount = (n: number, bare?: boolean) => bandAmount(intlLocale(l), currency, n, bare)
  return [
    t(l, 'contact.volume.under', { amount: amount(edges[0]!) }),
    ...edges
      .slice(1)
      .map((edge, i) => t(l, 'contact.volume.between', { lower: amount(edges[i]!, true), upper: amount(edge) })),
    t(l, 'contact.volume.over', { amount: amount(edges.at(-1)!) }),
  ]
}

/** The US-dollar bands (another country's), word for word as the review asks for them. */
const usdBands: Record<Locale, string[]> = {
  en: [
    'Under 50,000 US dollars',
    '50,000 to 250,000 US dollars',
    '250,000 to 1 million US dollars',
    '1 million to 5 million US dollars',
    'Over 5 million US dollars',
  ],
  ar: [
    'أقل من 50,000 دولار أمريكي',
    'من 50,000 إلى 250,000 دولار أمريكي',
    'من 250,000 إلى مليون دولار أمريكي',
    'من مليون إلى 5 ملايين دولار أمريكي',
    'أكثر من 5 ملايين دولار أمريكي',
  ],
}

const byCode = (code: string) => markets.find((m) => m.code === code)!
const methods = ['meeza', 'fawry', 'tabby', 'tamara'] as const

/**
 * A live status document as the probe and an operator leave it: the site, the API and the hosted
 * payment page measured a minute ago, nothing else; and, with `on`, an incident on that method.
 */
function statusDocument(on?: 'fawry' | 'mada'): StatusDocument {
  const now = Date.now()
  const at = new Date(now - 60_000).toISOString()
  const today = dayIn(now, 'Asia/Riyadh')
  const measured = ['site', 'api', 'checkout']
  return {
    schema: 1,
    revision: 7,
    sample: false,
    updatedAt: at,
    timeZone: 'Asia/Riyadh',
    components: componentKeys.map((key) =>
      measured.includes(key)
        ? {
            key,
            state: 'operational',
            days: [{ date: today, checks: 60, failed: 0 }],
            probe: { at, ok: true, failures: 0, ms: 120 },
          }
        : key === on
          ? { key, state: 'degraded', days: [{ date: today, checks: 0, failed: 0, state: 'degraded' }] }
          : { key, state: 'operational', days: [] },
    ),
    incidents: on
      ? [
          {
            id: `${on}-references`,
            impact: 'degraded',
            components: [on],
            title: { en: 'Fawry reference numbers delayed', ar: 'تأخر أرقام فوري المرجعية' },
            updates: [
              {
                at,
                stage: 'investigating',
                text: { en: 'Some reference numbers arrive late.', ar: 'تصل بعض الأرقام المرجعية متأخرة.' },
              },
            ],
          },
        ]
      : [],
    maintenance: [],
  }
}

/** Serves `doc` as the live document, with the server's Date as the CDN gives it. */
async function serveStatus(page: Page, doc: StatusDocument) {
  await page.route(`**${statusPaths.document}`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { date: new Date().toUTCString(), 'cache-control': 'no-cache' },
      body: JSON.stringify(doc),
    }),
  )
}

for (const l of locales) {
  test.describe(`the market's own details (${l})`, () => {
    test('the sales form’s volume bands are in the chosen country’s currency, and the lead is sent with its band', async ({
      page,
    }) => {
      await page.goto(localized('/contact-us', l))
      await expect(page.locator('[data-island="ContactForms"]')).toHaveAttribute('data-state', 'hydrated')
      const volume = page.locator('#contact-sales-volume')
      const options = volume.locator('option:not([value=""])')
      await expect(page.locator('#contact-sales-volume-hint')).toHaveText(t(l, 'contact.hint.volume'))
      // Before a country is chosen: another country's, US dollars, by name. The riyal by its name
      // too: not its sign (an option cannot name it), not SAR.
      await expect(options).toHaveText(usdBands[l])
      await expect(options).toHaveText(bandLabels(l, 'USD', otherCountry.volumeBands))
      await page.selectOption('#contact-sales-market', 'sa')
      await expect(options.first()).toHaveText(l === 'en' ? 'Under 200,000 Saudi riyals' : 'أقل من 200,000 ريال سعودي')
      await expect(options.nth(2)).toHaveText(
        l === 'en' ? '1 million to 5 million Saudi riyals' : 'من مليون إلى 5 ملايين ريال سعودي',
      )
      for (const option of await options.allTextContents()) {
        expect(option).not.toContain(riyalSign)
        expect(option).not.toMatch(/SAR|US\$|\u200F/)
      }
      await page.selectOption('#contact-sales-market', '')
      await expect(options).toHaveText(usdBands[l])

      for (const code of ['sa', 'ae', 'eg']) {
        const m = byCode(code)
        await page.selectOption('#contact-sales-market', code)
        await expect(options).toHaveText(bandLabels(l, m.currency, m.volumeBands))
        await expect(options.first()).toHaveAttribute('value', volumeBandIds(m.currency, m.volumeBands)[0]!)
      }
      // The band chosen keeps its place when the country changes: SAR 1 to 5 million, then EGP 10 to 50 million.
      await page.selectOption('#contact-sales-market', 'sa')
      await page.selectOption('#contact-sales-volume', 'sar-1m-5m')
      await page.selectOption('#contact-sales-market', 'eg')
      await expect(volume).toHaveValue('egp-10m-50m')
      await page.selectOption('#contact-sales-market', 'other')
      await expect(volume).toHaveValue('usd-250k-1m')
      await page.selectOption('#contact-sales-market', 'eg')

      await page.fill('#contact-sales-name', 'Mona Adel')
      await page.fill('#contact-sales-email', `market.${l}.${Date.now()}@example.com`)
      await page.fill('#contact-sales-company', 'Adel Foods')
      await page.check('#contact-sales-methods-meeza')
      await page.check('#contact-sales-methods-fawry')
      await page.fill('#contact-sales-message', 'We sell groceries online in Cairo.')
      await page.check('#contact-sales-consent')
      const posted = page.waitForRequest((r) => r.url().endsWith('/api/v1/contact/sales') && r.method() === 'POST')
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/contact/sales'))
      await page.locator('#contact-panel-sales button[type=submit]').click()
      expect((await posted).postDataJSON()).toMatchObject({ market: 'eg', volume: 'egp-10m-50m' })
      expect((await answered).status()).toBe(201)
      await expect(page.locator('#contact-panel-sales h2')).toHaveText(t(l, 'contact.success.title'))
    })

    test('a reload keeps the country and its band (the draft)', async ({ page }) => {
      await page.goto(localized('/contact-us', l))
      await expect(page.locator('[data-island="ContactForms"]')).toHaveAttribute('data-state', 'hydrated')
      await page.selectOption('#contact-sales-market', 'ae')
      await page.selectOption('#contact-sales-volume', 'aed-5m-20m')
      await page.fill('#contact-sales-company', 'Gulf Retail')
      // The draft is written 300 ms after the last change.
      await expect
        .poll(() => page.evaluate(() => sessionStorage.getItem('rasid.draft.sales.v1') ?? ''))
        .toContain('aed-5m-20m')
      await page.reload()
      await expect(page.locator('[data-island="ContactForms"]')).toHaveAttribute('data-state', 'hydrated')
      await expect(page.locator('#contact-sales-market')).toHaveValue('ae')
      await expect(page.locator('#contact-sales-volume')).toHaveValue('aed-5m-20m')
      await expect(page.locator('#contact-sales-volume option:checked')).toHaveText(
        bandLabels(l, 'AED', byCode('ae').volumeBands)[3]!,
      )
    })

    test('the contact page gives each market’s WhatsApp for sales and support, and its urgent line', async ({
      page,
    }) => {
      await page.goto(localized('/contact-us', l))
      await hydrated(page)
      for (const channel of ['sales', 'support'] as const) {
        const card = page.locator(`section[aria-labelledby="${channel}-title"]`)
        await expect(card.locator(`#${channel}-whatsapp`)).toHaveText(t(l, 'contactUs.whatsApp.title'))
        const links = card.locator('a[data-whatsapp]')
        await expect(links).toHaveCount(markets.length)
        for (const [i, m] of markets.entries()) {
          const number = m.whatsApp![channel]
          await expect(links.nth(i)).toHaveAttribute('href', whatsAppUrl(number))
          await expect(links.nth(i)).toHaveText(
            t(l, 'contactUs.marketLine', { market: t(l, `contact.market.${m.code}`), phone: number }),
          )
          await expect(links.nth(i).locator('bdi')).toHaveAttribute('dir', 'ltr')
        }
        // The list is named by its title.
        await expect(card.getByRole('list', { name: t(l, 'contactUs.whatsApp.title') })).toBeVisible()
      }
      const urgent = page.getByRole('list', { name: t(l, 'contactUs.times.urgentLines') })
      await expect(urgent.locator('li')).toHaveCount(markets.length)
      for (const m of markets) {
        const line = urgent.locator(`li[data-urgent-line="${m.code}"]`)
        await expect(line).toHaveText(
          t(l, 'contactUs.marketLine', { market: t(l, `contact.market.${m.code}`), phone: m.urgentPhone }),
        )
        const tel = line.getByRole('link', { name: m.urgentPhone })
        await expect(tel).toHaveAttribute('href', `tel:${m.urgentPhone.replace(/\s/g, '')}`)
        await expect(tel).toHaveAttribute('dir', 'ltr')
      }
      // In the response times, below each market's business hours.
      await expect(page.locator('section[aria-labelledby="times-title"]').locator('li[data-urgent-line]')).toHaveCount(
        markets.length,
      )
    })

    test('the status page has a row for Meeza, Fawry, Tabby and Tamara, "Not measured" as nothing checks them', async ({
      page,
    }) => {
      await serveStatus(page, statusDocument('fawry'))
      await page.goto(localized('/monitoring', l))
      await hydrated(page)
      await expect(page.locator('[data-status-view]')).toHaveAttribute('data-status-view', 'live')
      await expect(page.locator('[data-component]')).toHaveCount(componentKeys.length)
      for (const key of methods) {
        const row = page.locator(`[data-component="${key}"]`)
        await expect(row.locator('h3')).toContainText(catalogs[l][`status.component.${key}`]!)
        await expect(row).toHaveAttribute('data-measured', 'none')
        await expect(row.locator('[data-uptime]')).toHaveText(catalogs[l]['monitoring.uptime.notMeasured']!)
      }
      // Measured: a percentage.
      await expect(page.locator('[data-component="checkout"]')).toHaveAttribute('data-measured', 'fresh')
      // An incident on Fawry: its row and the summary say so, in the page's language.
      await expect(page.locator('[data-component="fawry"]')).toHaveAttribute('data-state', 'degraded')
      await expect(page.locator('[data-status-summary]')).toContainText(catalogs[l]['status.component.fawry']!)
    })

    test('the checkout’s banner names an incident on Fawry; its Pay button has the privacy policy beside it', async ({
      page,
    }) => {
      await serveStatus(page, statusDocument('fawry'))
      await page.goto(`${localized('/checkout', l)}?add=plan.growth&market=eg&billing=monthly`)
      await hydrated(page)
      const needs = (await page.locator('[data-status-needs]').getAttribute('data-status-needs'))!.split(',')
      for (const key of ['checkout', 'api', 'mada', 'applePay', 'stcPay', ...methods]) expect(needs).toContain(key)
      const banner = page.locator('[data-status-banner]')
      await expect(banner).toBeVisible()
      await expect(banner.locator('[data-status-affected]')).toHaveText(catalogs[l]['status.component.fawry']!)

      // The privacy policy, in the page's language, right after the Pay button and its note.
      const overview = page.locator('[data-island="Checkout"] [data-price-overview]')
      const pay = overview.locator('button[type=button]')
      await expect(pay).toBeVisible()
      const privacy = overview.getByRole('link', { name: catalogs[l]['privacy.meta.title']! })
      await expect(privacy).toHaveAttribute('href', localized('/privacy', l))
      const order = await overview.evaluate((section) => {
        const all = [...section.querySelectorAll('button[type=button], a[href$="/privacy"]')]
        return all.map((e) => e.tagName)
      })
      expect(order.slice(-2)).toEqual(['BUTTON', 'A'])
    })

    // The banner names a method only for a cart in a market that sells it
    // (api/contract/markets.ts), read as the page runs and again when the cart's market changes.
    for (const [on, shows, hides] of [
      ['fawry', 'eg', 'sa'],
      ['mada', 'sa', 'eg'],
    ] as const) {
      test(`the checkout’s banner names an incident on ${on} for a cart in ${shows}, not for one in ${hides} nor without a cart`, async ({
        page,
      }) => {
        await serveStatus(page, statusDocument(on))
        const banner = page.locator('[data-status-banner]')
        const market = page.locator('[data-island="Checkout"] select[name="market"]')
        const storedMarket = () =>
          page.evaluate(() => JSON.parse(localStorage.getItem('rasid.cart.v1') ?? 'null')?.cart?.market)

        // No cart: only the hosted payment page and the API count.
        const fetched = page.waitForResponse((r) => r.url().endsWith(statusPaths.document))
        await page.goto(localized('/checkout', l))
        await hydrated(page)
        await fetched
        await expect(page.locator(`[data-status-component="${on}"]`)).toHaveAttribute(
          'data-status-markets',
          markets
            .filter((m) => methodsOf(m).includes(on))
            .map((m) => m.code)
            .join(' '),
        )
        await expect(page.locator('[data-status-component="checkout"]')).not.toHaveAttribute('data-status-markets')
        await page.waitForTimeout(200)
        await expect(banner).toBeHidden()

        // A cart in the market that does not sell it: no banner.
        await page.goto(`${localized('/checkout', l)}?add=plan.growth&market=${hides}&billing=monthly`)
        await hydrated(page)
        await expect.poll(storedMarket).toBe(hides)
        await page.waitForTimeout(500)
        await expect(banner).toBeHidden()

        // The cart moved to the market that sells it: the banner names it, in the page's language.
        await market.selectOption(shows)
        await expect(banner).toBeVisible()
        await expect(banner.locator('[data-status-affected]')).toHaveText(catalogs[l][`status.component.${on}`]!)
        // And back: gone again.
        await market.selectOption(hides)
        await expect(banner).toBeHidden()

        // A full load with the cart in that market shows it from the start.
        await page.goto(`${localized('/checkout', l)}?add=plan.growth&market=${shows}&billing=monthly`)
        await hydrated(page)
        await expect(banner).toBeVisible()
        await expect(banner.locator('[data-status-affected]')).toHaveText(catalogs[l][`status.component.${on}`]!)
      })
    }
  })
}
