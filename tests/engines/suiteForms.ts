// The engines' flows through forms, in a language's session of ./suite.ts, between the navigation
// and the pages of ./suiteFlows.ts: the fee calculator, the cart and checkout to a paid return
// through the sandbox page, and both contact forms reaching the API.
import { catalogs } from '../routes'
import { expect } from 'vitest'
import { at, dirOf, type Probe, type Session } from './suiteSession'

/** The fee calculator on /pricing, the cart and checkout, the sales and the support form. */
export function formFlows({ e, l, name, check, go, started, state, mark }: Session) {
  check('fee calculator on /pricing', async () => {
    await go(at('/pricing', l))
    expect(await started()).toBe(true)
    const calc = '[data-island="FeeCalculator"]'
    await e.eval((calc) => document.querySelector(`${calc} form`)!.scrollIntoView({ block: 'center' }), calc)
    expect(
      await e.waitFor(15_000, (calc) => document.querySelector(calc)?.getAttribute('data-state') === 'hydrated', calc),
    ).toBe(true)
    await e.select(`${calc} select[name=market]`, 'sa')
    await e.select(`${calc} select[name=scheme]`, 'mada')
    const result = () =>
      e.eval(() => ({
        fee: document.querySelector('[data-result="fee"]')?.textContent ?? null,
        net: document.querySelector('[data-result="net"]')?.textContent ?? null,
      }))
    const shows = (fee: string, net: string) =>
      e.waitFor(
        5000,
        (fee, net) =>
          (document.querySelector('[data-result="fee"]')?.textContent ?? '').includes(fee) &&
          (document.querySelector('[data-result="net"]')?.textContent ?? '').includes(net),
        fee,
        net,
      )
    await e.clearAndType(`${calc} input[name=amount]`, '200')
    expect(await shows('4.00', '195.40'), `200 SAR by mada: ${JSON.stringify(await result())}`).toBe(true)
    await e.clearAndType(`${calc} input[name=amount]`, '1000')
    expect(await shows('16.00', '981.60'), `1000 SAR: ${JSON.stringify(await result())}`).toBe(true)
    await e.clearAndType(`${calc} input[name=amount]`, '٢٠٠')
    expect(await shows('4.00', '195.40'), `٢٠٠ read as 200: ${JSON.stringify(await result())}`).toBe(true)
    await e.clearAndType(`${calc} input[name=amount]`, 'abc')
    const invalid = await e.waitFor(
      5000,
      (calc) => document.querySelector(`${calc} input[name=amount]`)?.getAttribute('aria-invalid') === 'true',
      calc,
    )
    expect(invalid, 'a bad amount is marked invalid').toBe(true)
    expect(await e.eval((calc) => document.querySelector(calc)!.textContent!.includes('NaN'), calc)).toBe(false)
  })

  const threeDS = l === 'ar'
  check(
    `cart and checkout: a plan from /pricing, paid on the sandbox page (${threeDS ? 'mada with 3-D Secure' : 'Visa'}), back paid`,
    async () => {
      await go(at('/pricing', l))
      expect(await started()).toBe(true)
      await e.eval(() => localStorage.clear())
      const market = l === 'en' ? 'ae' : 'sa'
      const billing = l === 'en' ? 'yearly' : 'monthly'
      await e.click(`#market-${market}`)
      await e.click(`#billing-${billing}`)
      const links = await e.eval(() =>
        [...document.querySelectorAll<HTMLAnchorElement>('a[href*="add=plan.growth"]')]
          .filter((a) => a.offsetParent && a.getClientRects().length)
          .map((a) => a.getAttribute('href')!),
      )
      expect(links, 'the one link of the chosen market and period shows (:has())').toEqual([
        `${at('/checkout', l)}?add=plan.growth&market=${market}&billing=${billing}`,
      ])
      await mark(4)
      await e.click(`a[href="${links[0]}"]`)
      const inCart = await e.waitFor(
        15_000,
        (path) => location.pathname === path && !!document.querySelector('[data-cart-item="plan.growth"]'),
        at('/checkout', l),
      )
      expect(inCart, 'the plan in the cart on /checkout').toBe(true)
      expect(await e.waitFor(10_000, () => !!document.querySelector('[data-quote-state="server"]'))).toBe(true)
      const cart = await e.eval(() => ({
        count: document.querySelector('[data-cart-count]')?.textContent ?? null,
        shown: !!document.querySelector<HTMLElement>('[data-cart-link]')?.offsetParent,
        probe: (window as Probe).__probe ?? null,
      }))
      expect(cart, "in place, the header's cart count 1").toEqual({ count: '1', shown: true, probe: 4 })

      await e.click('[data-price-overview] button[type=button]')
      const onPage = await e.waitFor(
        15_000,
        () =>
          location.pathname.startsWith('/api/v1/sandbox/pay/') &&
          document.readyState === 'complete' &&
          !!document.querySelector('#number'),
      )
      expect(onPage, 'the sandbox payment page').toBe(true)
      expect(await state(), "in the buyer's language").toMatchObject({ lang: l, dir: dirOf(l) })
      await e.type('#number', threeDS ? '4464 0400 7731 8456' : '4000 5500 1284 7360')
      await e.type('#expiry', '12/30')
      await e.type('#cvc', '123')
      await e.type('#name', 'Noura Al-Harbi')
      await e.click('form button[type=submit]')
      if (threeDS) {
        const bank = await e.waitFor(
          15_000,
          () => document.readyState === 'complete' && !!document.querySelector('#code'),
        )
        expect(bank, 'the 3-D Secure bank page').toBe(true)
        await e.type('#code', '123456')
        await e.click('button[name=decision][value=confirm]')
      }
      const paid = await e.waitFor(
        20_000,
        (path) =>
          location.pathname === path &&
          /session_id=cs_/.test(location.search) &&
          document.querySelector('[data-pay-state]')?.getAttribute('data-pay-state') === 'paid',
        at('/checkout', l),
      )
      const after = await e.eval(() => ({
        url: location.pathname + location.search,
        text: document.querySelector('[data-pay-state]')?.textContent ?? null,
        cartHidden: document.querySelector<HTMLElement>('[data-cart-link]')?.hidden ?? null,
        stored: localStorage.getItem('rasid.cart.v1'),
      }))
      expect(paid, `back on the checkout, paid: ${JSON.stringify(after)}`).toBe(true)
      expect(after.text).toContain(catalogs[l]['checkout.return.paid.title'])
      expect(after, 'the cart emptied').toMatchObject({ cartHidden: true, stored: null })
    },
  )

  /** The contact page, its forms hydrated. */
  async function contactPage() {
    await go(at('/contact-us', l))
    expect(await started()).toBe(true)
    const island = await e.waitFor(
      15_000,
      () => document.querySelector('[data-island="ContactForms"]')?.getAttribute('data-state') === 'hydrated',
    )
    expect(island, 'the forms hydrated').toBe(true)
  }
  /** The success heading of a form's panel, and whether it has the focus. */
  async function sent(kind: 'sales' | 'support') {
    const title = catalogs[l]['contact.success.title']!
    const ok = await e.waitFor(
      15_000,
      (kind, title) => document.querySelector(`#contact-panel-${kind} h2`)?.textContent?.trim() === title,
      kind,
      title,
    )
    // The focus follows the heading's render (an effect): waited for, as a visitor's screen reader would.
    const focused = await e.waitFor(
      5000,
      (kind) => document.activeElement === document.querySelector(`#contact-panel-${kind} h2`),
      kind,
    )
    const s = await e.eval(
      (kind) => ({
        h2: document.querySelector(`#contact-panel-${kind} h2`)?.textContent?.trim() ?? null,
        focus: document.activeElement?.outerHTML.slice(0, 120) ?? null,
        alert: document.querySelector(`#contact-panel-${kind} [role=alert]`)?.textContent?.trim() ?? null,
      }),
      kind,
    )
    expect(ok, `sent: ${JSON.stringify(s)}`).toBe(true)
    expect(focused, `the success heading has the focus: ${JSON.stringify(s)}`).toBe(true)
  }
  const email = (kind: string) => `${kind}.${name}.${l}.${Date.now()}@example.com`

  check('contact: the sales form reaches the API', async () => {
    await contactPage()
    await e.type('#contact-sales-name', 'Noura Al-Harbi')
    await e.type('#contact-sales-email', email('sales'))
    await e.type('#contact-sales-company', 'Harbi Trading')
    // Arabic-Indic digits, as an Arabic keyboard types them.
    await e.type('#contact-sales-phone', l === 'ar' ? '+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧' : '+966 50 123 4567')
    await e.select('#contact-sales-market', 'sa')
    await e.select('#contact-sales-volume', 'sar-200k-1m')
    await e.click('#contact-sales-methods-mada')
    await e.type('#contact-sales-message', 'We sell furniture online and in two shops.')
    await e.click('#contact-sales-consent')
    await e.click('#contact-panel-sales button[type=submit]')
    await sent('sales')
  })

  check('contact: the support form reaches the API', async () => {
    await contactPage()
    await e.click('#contact-tab-support')
    const shown = await e.waitFor(
      5000,
      () => !!document.querySelector<HTMLElement>('#contact-panel-support #contact-support-name')?.offsetParent,
    )
    expect(shown, 'the support tab shows its form').toBe(true)
    await e.type('#contact-support-name', 'Omar Said')
    await e.type('#contact-support-email', email('support'))
    await e.type('#contact-support-merchantId', l === 'ar' ? 'M١٢٣٤٥٦' : 'M123456')
    await e.type('#contact-support-transactionId', 'pay_789')
    await e.select('#contact-support-topic', 'payouts')
    await e.type('#contact-support-message', 'My payout of yesterday has not arrived.')
    await e.click('#contact-support-consent')
    await e.click('#contact-panel-support button[type=submit]')
    await sent('support')
  })
}
