// Locales and markets are declared once (locales/locales.ts, api/contract/markets.ts): a copy of the project
// with a third locale (the English catalog and guides under German's code, which has the same plural categories) and a fourth market builds,
// and `npm run verify` passes on it: every route in three languages, reciprocal hreflang links, the
// sitemap, the 404 page, and the new market's prices shown only when it is chosen. The copy's API
// takes a checkout in the third locale: its hosted page speaks the catalog's words, and the buyer
// returns under the locale's prefix.
import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { copyProject, runIn } from './projectCopy'

const copy = copyProject('rasid-locales-')
afterAll(() => rmSync(copy, { recursive: true, force: true }))

function edit(file: string, change: (text: string) => string) {
  const path = join(copy, file)
  const before = readFileSync(path, 'utf8')
  const after = change(before)
  expect(after, `${file} did not change`).not.toBe(before)
  writeFileSync(path, after)
}

/** A few of the hosted page's words in the third locale's catalog: the page must show these, not English. */
const germanSandbox = {
  'sandbox.title': '{merchant} bezahlen',
  'sandbox.note': 'Testumgebung: nur Testkarten, es fließt kein Geld',
  'sandbox.order.title': 'Ihre Bestellung',
  'sandbox.card.pay': '{amount} bezahlen',
}

beforeAll(() => {
  // The locale: a row of the table, a catalog, guides, and the brand's name in it.
  edit('locales/locales.ts', (t) =>
    t.replace(
      /(\{ code: 'ar',[^\n]*\},\n)/,
      "$1  { code: 'de', language: 'de', name: 'Deutsch', dir: 'ltr', script: 'latin' },\n",
    ),
  )
  cpSync(join(copy, 'locales/en.json'), join(copy, 'locales/de.json'))
  cpSync(join(copy, 'locales/guides/en'), join(copy, 'locales/guides/de'), { recursive: true })
  edit('locales/company.ts', (t) => t.replace("ar: 'رصيد' }", "ar: 'رصيد', de: 'Rasid' }"))
  // The market: a row of api/contract/markets.ts and its names in every catalog.
  edit('api/contract/markets.ts', (t) =>
    t.replace(
      /export const markets: readonly Market\[\] = \[\n/,
      `$&  {
    code: 'qa',
    country: 'QA',
    currency: 'QAR',
    timeZone: 'Asia/Qatar',
    vatBp: 0,
    fees: [{ scheme: 'cards', rateBp: 250, fixedMinor: 100, settlementDays: 2 }],
    disputeFeeMinor: 7500,
    growthMonthlyMinor: 29900,
    growthDiscountBp: 30,
    exampleMinor: 10000,
    exampleScheme: 'cards',
    weekend: [5, 6],
    supportHours: { open: '08:00', close: '17:00' },
    urgentPhone: '+974 4000 0000',
    volumeBands: [200_000, 1_000_000, 5_000_000, 20_000_000],
  },
`,
    ),
  )
  for (const [locale, name, currency] of [
    ['en', 'Qatar', 'Qatari riyals'],
    ['de', 'Qatar', 'Katar-Riyal'],
    ['ar', 'قطر', 'الريال القطري'],
  ] as const) {
    const file = join(copy, 'locales', `${locale}.json`)
    const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
    catalog['pricing.market.qa'] = name
    catalog['pricing.marketName.qa'] = name
    catalog['pricing.currencyName.qa'] = currency
    catalog['contact.market.qa'] = name
    catalog['method.market.qa'] = name
    catalog['method.tab.qa'] = name
    // The hosted page's closing time names the market's zone.
    catalog['sandbox.zone.qa'] = locale === 'ar' ? 'الدوحة' : 'Doha'
    if (locale === 'de') Object.assign(catalog, germanSandbox)
    writeFileSync(file, JSON.stringify(catalog, null, 2))
  }
  // A new language shows its own consent text and notice: their version is recorded, as for any change.
  expect(runIn(copy, 'scripts/i18n-consent.ts', [])).toMatch(/recorded de-[0-9a-f]{12}/)
})

test('a third locale and a fourth market build and pass verify', { timeout: 240_000 }, () => {
  const build = runIn(copy, 'build/index.ts', [], { BUILD_ID: 'more-locales', BUILD_TIMESTAMP: '1700000000000' })
  expect(build).toMatch(/Built \d+ pages into dist\//)
  // verify exits 1 on any problem, which fails the test with its report.
  let report: string
  try {
    report = runIn(copy, 'scripts/verify.ts', ['--json'])
  } catch (e) {
    // verify's own report names each problem: show it rather than the exit code.
    report = String((e as { stdout?: string }).stdout)
  }
  const result = JSON.parse(report) as { ok: boolean; pages: number; problems: unknown[] }
  expect(result.problems).toEqual([])
  expect(result.ok).toBe(true)

  const dist = join(copy, 'dist')
  const home = readFileSync(join(dist, 'de/index.html'), 'utf8')
  const htmlTag = /<html[^>]*>/.exec(home)?.[0]
  expect(htmlTag).toContain('lang="de"')
  expect(htmlTag).toContain('dir="ltr"')
  expect(/hreflang="de"/i.test(home)).toBe(true)
  expect(/hreflang="de"/i.test(readFileSync(join(dist, 'index.html'), 'utf8'))).toBe(true)
  expect(existsSync(join(dist, 'de/guide/index.html'))).toBe(true)
  expect(existsSync(join(dist, 'de/_payload.json'))).toBe(true)
  expect(readFileSync(join(dist, 'sitemap.xml'), 'utf8')).toContain('/de/pricing')
  // The switcher offers both other languages.
  expect(home.includes('>English</span>') && home.includes('>العربية</span>')).toBe(true)
  // Each link has its own tooltip, naming its language.
  expect(home.includes('id="locale-tooltip-en"') && home.includes('id="locale-tooltip-ar"')).toBe(true)
  // Four markets to choose from, and a rule that hides the others' prices for each.
  const pricing = readFileSync(join(dist, 'de/pricing/index.html'), 'utf8')
  for (const code of ['sa', 'ae', 'eg', 'qa']) expect(pricing.includes(`id="market-${code}"`), code).toBe(true)
  const css = readFileSync(join(dist, /href="(\/assets\/site\.[^"]+\.css)"/.exec(pricing)![1]!), 'utf8')
  for (const code of ['sa', 'ae', 'eg', 'qa'])
    expect(css).toMatch(
      new RegExp(`#market-${code}:checked\\)\\s*\\[data-market\\]:not\\(\\[data-market="?${code}"?\\]\\)`),
    )
})

/** The copy's `npm run api` (in memory, a free port), as a buyer's browser would reach it. */
async function startCopyApi(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/api.ts'], {
    cwd: copy,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|NODE_ENV|TEST)/.test(k))),
      PORT: '0',
      API_STORE: 'memory',
      PAYMENT_PROVIDER: 'sandbox',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((ok, fail) => {
    child.stderr!.on('data', (chunk) => {
      output += chunk
    })
    child.stdout!.on('data', (chunk) => {
      output += chunk
      const listening = /"msg":"listening","url":"([^"]+)"/.exec(output)
      if (listening) ok(listening[1]!)
    })
    child.on('exit', (code) => fail(new Error(`the copy's API exited with ${code}:\n${output}`)))
  })
  return { url, child }
}

test('a checkout in the third locale: its hosted page in its language, and the return under its prefix', {
  timeout: 60_000,
}, async () => {
  const { url, child } = await startCopyApi()
  try {
    const created = await fetch(`${url}/api/v1/checkout/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({
        cart: { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] },
        locale: 'de',
      }),
    })
    expect(created.status).toBe(201)
    const session = (await created.json()) as { id: string; paymentUrl: string; quote: { totalMinor: number } }

    const page = await (await fetch(`${url}${session.paymentUrl}`)).text()
    // lang and dir from the locale table; the words from locales/de.json; money in German.
    expect(page).toContain('<html lang="de" dir="ltr">')
    expect(page).toContain('<title>Rasid bezahlen</title>')
    expect(page).toContain('<h1>Rasid bezahlen</h1>')
    expect(page).toContain(germanSandbox['sandbox.note'])
    expect(page).toContain(germanSandbox['sandbox.order.title'])
    // The riyal's own sign in Intl's symbol's place, named from the catalog.
    const total = new Intl.NumberFormat('de-u-nu-latn', { style: 'currency', currency: 'SAR' })
      .format(session.quote.totalMinor / 100)
      .replace('SAR', '<span role="img" aria-label="Saudi riyals">\u20C1</span>')
    expect(page).toContain(`${total} bezahlen`)
    expect(page).not.toContain('Pay Rasid')
    expect(page).not.toContain('Your order')

    const next = new Date()
    const paid = await fetch(`${url}${session.paymentUrl}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        number: '4000 5500 1284 7360',
        expiry: `12/${String(next.getUTCFullYear() + 1).slice(2)}`,
        cvc: '123',
        name: 'Noura',
      }),
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`/de/checkout?session_id=${session.id}`)
  } finally {
    child.kill()
  }
})
