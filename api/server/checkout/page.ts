// The sandbox hosted payment page as HTML: template strings, every value escaped, no script. The
// look is the merchant's theme (api/contract/theme.ts, the design page's model); the words are the
// `sandbox.*` messages of the buyer's locale catalog (locales/<code>.json, checked with the others
// by the build), so a locale added to locales/locales.ts with its catalog gets this page in its own
// language. One <style>, allowed by its hash in the Content-Security-Policy, which the caller sends
// with the page.
import { createHash } from 'node:crypto'
import type { Quote, Sku } from '../../contract/cart'
import { defaultTheme, fontStacks, readableOn, type Theme, textOn } from '../../contract/theme'
import { intlLocale } from '../../../locales/intlLocale'
import { dirOf, type Locale } from '../../../locales/locales'
import type { MessageId } from '../../../locales/messages'
import { markets, methodsOf, site } from '../../../site.config'

/** The buyer's language: the session's `locale`, or the page's `?lang=`. */
export type Lang = Locale

type Catalog = Record<string, string>
const catalogs = new Map<Lang, Promise<Catalog>>()

/**
 * A locale's catalog, imported once per process. An import with the code in its path, not a file
 * read: a bundle (the Lambda's, docs/aws.md) carries every locales/*.json with it. `lang` is a code
 * of the locale table, never a request's text.
 */
function catalogOf(lang: Lang): Promise<Catalog> {
  let catalog = catalogs.get(lang)
  if (!catalog) {
    catalog = import(`../../../locales/${lang}.json`, { with: { type: 'json' } }).then(
      (module: { default: Catalog }) => module.default,
    )
    catalogs.set(lang, catalog)
  }
  return catalog
}

/**
 * The page's words in `lang`. The sandbox's messages are plain text with `{arguments}` (no plural
 * or select, so a translation has none either: the build's catalog check keeps the arguments
 * alike), filled here without an ICU formatter.
 */
async function wordsOf(lang: Lang) {
  const catalog = await catalogOf(lang)
  return (id: MessageId, values: Record<string, string> = {}) =>
    (catalog[id] ?? id).replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '')
}
type Words = Awaited<ReturnType<typeof wordsOf>>

export type FieldError = 'notTest' | 'invalidNumber' | 'invalidExpiry' | 'invalidCvc' | 'invalidName'

/** The cart's names for what it sells (CONTRIBUTING.md, "Prices, fees and markets"). */
const skuNames: Record<Sku, MessageId> = {
  'plan.starter': 'checkout.sku.planStarter',
  'plan.growth': 'checkout.sku.planGrowth',
  'addon.posTerminal': 'checkout.sku.posTerminal',
}

export function escapeHtml(value: string | number): string {
  return String(value).replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  )
}

/** Money in the buyer's language, Latin digits (the site's rule), from minor units. */
export function formatMoney(minor: number, currency: string, lang: Lang): string {
  const format = new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency })
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return format.format(minor / 10 ** digits)
}

const percent = (bp: number, lang: Lang) =>
  new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10000)

function css(theme: Theme): string {
  const dark = theme.mode === 'dark'
  const background = dark ? '#111827' : '#f8fafc'
  const surface = dark ? '#1f2937' : '#ffffff'
  const ink = dark ? '#f9fafb' : '#111827'
  const muted = dark ? '#d1d5db' : '#4b5563'
  return [
    `:root{color-scheme:${theme.mode};--brand:${theme.color};--on-brand:${textOn(theme.color)};--radius:${theme.radius}px}`,
    `body{margin:0;background:${background};color:${ink};font:16px/1.5 ${fontStacks[theme.font]}}`,
    `main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:${surface};border-radius:var(--radius)}`,
    `h1{font-size:1.375rem;margin:0 0 .25rem;color:${readableOn(theme.color, surface, ink)}}`,
    `h2{font-size:1.0625rem;margin:1.25rem 0 .5rem}`,
    `.note{color:${muted};font-size:.875rem;margin:0 0 1rem}`,
    'table{width:100%;border-collapse:collapse}td{padding:.25rem 0}td:last-child{text-align:end;white-space:nowrap}',
    `.total td{font-weight:700;border-top:1px solid ${muted};padding-top:.5rem}`,
    'label{display:block;margin:.75rem 0 .25rem;font-weight:600}',
    `input{box-sizing:border-box;width:100%;padding:.625rem;font:inherit;border:1px solid ${muted};border-radius:var(--radius);background:${surface};color:${ink}}`,
    'input[dir=ltr]{text-align:start}',
    '.row{display:flex;gap:.75rem}.row>div{flex:1}',
    'button{margin-top:1.25rem;width:100%;padding:.75rem;font:inherit;font-weight:700;border:0;border-radius:var(--radius);background:var(--brand);color:var(--on-brand);cursor:pointer}',
    `.link{background:none;color:${ink};text-decoration:underline;font-weight:400;margin-top:.5rem}`,
    `.error{color:${dark ? '#fca5a5' : '#b91c1c'};font-weight:600}`,
    'a{color:inherit}',
  ].join('')
}

export type Page = { html: string; csp: string }

function document(lang: Lang, title: string, body: string): Page {
  const dir = dirOf(lang)
  const theme = defaultTheme(dir, site.name[lang])
  const style = css(theme)
  const hash = createHash('sha256').update(style).digest('base64')
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
  // No script at all; the one style by its hash; forms post only here; never framed.
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${hash}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
  return { html, csp }
}

function orderTable(quote: Quote, t: Words, lang: Lang): string {
  const money = (minor: number) => escapeHtml(formatMoney(minor, quote.currency, lang))
  const period = t(quote.billing === 'yearly' ? 'sandbox.order.yearly' : 'sandbox.order.monthly')
  const rows = quote.lines.map(
    (line) =>
      `<tr><td>${escapeHtml(t(skuNames[line.sku]))}${line.quantity > 1 ? ` × ${line.quantity}` : ''} <span class="note">(${escapeHtml(period)})</span></td><td>${money(line.amountMinor)}</td></tr>`,
  )
  rows.push(`<tr><td>${escapeHtml(t('sandbox.order.subtotal'))}</td><td>${money(quote.subtotalMinor)}</td></tr>`)
  if (quote.discountMinor > 0 && quote.discount)
    rows.push(
      `<tr><td>${escapeHtml(t('sandbox.order.discount', { code: quote.discount.code }))}</td><td>${money(-quote.discountMinor)}</td></tr>`,
    )
  rows.push(
    `<tr><td>${escapeHtml(t('sandbox.order.vat', { rate: percent(quote.vatBp, lang) }))}</td><td>${money(quote.vatMinor)}</td></tr>`,
  )
  rows.push(
    `<tr class="total"><td>${escapeHtml(t('sandbox.order.total'))}</td><td>${money(quote.totalMinor)}</td></tr>`,
  )
  return `<h2>${escapeHtml(t('sandbox.order.title'))}</h2>\n<table>${rows.join('')}</table>`
}

/** The methods of the order's market (site.config.ts), named as the site names them. */
function methodsLine(quote: Quote, t: Words, lang: Lang): string {
  const market = markets.find((m) => m.code === quote.market)
  if (!market) return ''
  const names = methodsOf(market).map((brand) => t(`method.${brand}`))
  const list = new Intl.ListFormat(lang, { type: 'conjunction' }).format(names)
  return `<p class="note">${escapeHtml(t('sandbox.methods', { methods: list }))}</p>`
}

const header = (t: Words, lang: Lang) =>
  `<h1>${escapeHtml(t('sandbox.title', { merchant: site.name[lang] }))}</h1>\n<p class="note">${escapeHtml(t('sandbox.note'))}</p>`

export async function payPage(options: {
  lang: Lang
  quote: Quote
  action: string
  cancelAction: string
  errors?: FieldError[]
  /** The last attempt's decline, when the session failed before. */
  failureCode?: string
  /** What the buyer typed, shown again after an error: never the card number or the CVC. */
  values?: { expiry?: string; name?: string }
}): Promise<Page> {
  const { lang, quote } = options
  const t = await wordsOf(lang)
  const errors = options.errors ?? []
  const messages = [
    ...(options.failureCode ? [t('sandbox.error.declined', { code: options.failureCode })] : []),
    ...errors.map((e) => t(`sandbox.error.${e}`)),
  ]
  const alert = messages.length
    ? `<div role="alert">${messages.map((m) => `<p class="error">${escapeHtml(m)}</p>`).join('')}</div>`
    : ''
  const field = (name: string, label: string, attrs: string, value = '') =>
    `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" ${attrs}${value ? ` value="${escapeHtml(value)}"` : ''}${errors.some((e) => e.toLowerCase().includes(name)) ? ' aria-invalid="true"' : ''}>`
  const body = `${header(t, lang)}
${orderTable(quote, t, lang)}
${methodsLine(quote, t, lang)}
${alert}
<form method="post" action="${escapeHtml(options.action)}">
${field('number', t('sandbox.card.number'), 'inputmode="numeric" autocomplete="cc-number" dir="ltr" required')}
<div class="row"><div>${field('expiry', t('sandbox.card.expiry'), 'inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" dir="ltr" required', options.values?.expiry)}</div>
<div>${field('cvc', t('sandbox.card.cvc'), 'inputmode="numeric" autocomplete="cc-csc" dir="ltr" required')}</div></div>
${field('name', t('sandbox.card.name'), 'autocomplete="cc-name" required', options.values?.name)}
<button type="submit">${escapeHtml(t('sandbox.card.pay', { amount: formatMoney(quote.totalMinor, quote.currency, lang) }))}</button>
</form>
<form method="post" action="${escapeHtml(options.cancelAction)}"><button class="link" type="submit">${escapeHtml(t('sandbox.card.cancel'))}</button></form>`
  return document(lang, t('sandbox.title', { merchant: site.name[lang] }), body)
}

export async function challengePage(options: {
  lang: Lang
  quote: Quote
  action: string
  token: string
}): Promise<Page> {
  const { lang, quote } = options
  const t = await wordsOf(lang)
  const body = `<h1>${escapeHtml(t('sandbox.bank.title'))}</h1>
<p class="note">${escapeHtml(t('sandbox.note'))}</p>
<p>${escapeHtml(t('sandbox.bank.body'))}</p>
<p><strong>${escapeHtml(formatMoney(quote.totalMinor, quote.currency, lang))}</strong></p>
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="challenge" value="${escapeHtml(options.token)}">
<label for="code">${escapeHtml(t('sandbox.bank.code'))}</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" dir="ltr" required>
<button type="submit" name="decision" value="confirm">${escapeHtml(t('sandbox.bank.confirm'))}</button>
</form>
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="challenge" value="${escapeHtml(options.token)}">
<button class="link" type="submit" name="decision" value="cancel">${escapeHtml(t('sandbox.bank.cancel'))}</button>
</form>`
  return document(lang, t('sandbox.bank.title'), body)
}

export async function closedPage(options: {
  lang: Lang
  quote: Quote
  status: 'paid' | 'cancelled' | 'expired' | 'processing'
  returnUrl: string
}): Promise<Page> {
  const { lang } = options
  const t = await wordsOf(lang)
  const body = `${header(t, lang)}
${orderTable(options.quote, t, lang)}
<p role="status"><strong>${escapeHtml(t('sandbox.closed.title'))}</strong> ${escapeHtml(t(`sandbox.closed.${options.status}`))}</p>
<p><a href="${escapeHtml(options.returnUrl)}">${escapeHtml(t('sandbox.closed.back'))}</a></p>`
  return document(lang, t('sandbox.closed.title'), body)
}
