// The sandbox hosted payment page as HTML: template strings, every value escaped, no script. The
// look is the merchant's theme (api/contract/theme.ts, the design page's model); the words are the
// `sandbox.*` messages of the buyer's locale catalog (locales/<code>.json, checked with the others
// by the build), so a locale added to locales/locales.ts with its catalog gets this page in its own
// language. One <style>, allowed by its hash in the Content-Security-Policy, which the caller sends
// with the page.
import { createHash } from 'node:crypto'
import type { Quote, Sku } from '../../contract/cart'
import { apiBase } from '../../contract/endpoints'
import { defaultTheme, fontStacks, readableOn, type Theme, textOn } from '../../contract/theme'
import { intlLocale } from '../../../locales/intlLocale'
import { dirOf, type Locale } from '../../../locales/locales'
import type { MessageId } from '../../../locales/messages'
import { type Brand, markets, methodsOf } from '../../contract/markets'
import { methodFacts } from '../../contract/methodFacts'
import { companyName } from '../../../locales/company'
import { familyOf, fontFaces, signFamily } from './fonts'
import { type AmountParts, amountParts, amountText } from '../../contract/currencySign'

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

export type FieldError =
  | 'missingNumber'
  | 'notTest'
  | 'invalidNumber'
  | 'invalidExpiry'
  | 'invalidCvc'
  | 'invalidName'
  | 'missingPhone'
  | 'notTestPhone'
/** The one-time code step's errors. */
export type CodeError = 'missingCode' | 'wrongCode'

/** The forms' fields, in the order of the page (and of the error summary). */
type Field = 'number' | 'expiry' | 'cvc' | 'name' | 'phone' | 'code'
const fieldOf: Record<FieldError | CodeError, Field> = {
  missingNumber: 'number',
  notTest: 'number',
  invalidNumber: 'number',
  invalidExpiry: 'expiry',
  invalidCvc: 'cvc',
  invalidName: 'name',
  missingPhone: 'phone',
  notTestPhone: 'phone',
  missingCode: 'code',
  wrongCode: 'code',
}

/**
 * A decline in words (3.1.2, 3.3.3): the guide's decline codes (locales/guides/en/testing/test-cards.md),
 * each a sentence with what the buyer can do, worded as the checkout's return message words them
 * (`checkout.return.failed`); any other code reads as `other`. Never the raw code.
 */
const declineMessages: Record<string, MessageId> = {
  insufficient_funds: 'sandbox.declined.insufficientFunds',
  do_not_honor: 'sandbox.declined.doNotHonor',
  expired_card: 'sandbox.declined.expiredCard',
  incorrect_cvc: 'sandbox.declined.incorrectCvc',
  authentication_failed: 'sandbox.declined.authenticationFailed',
  card_not_supported: 'sandbox.declined.cardNotSupported',
  suspected_fraud: 'sandbox.declined.suspectedFraud',
  instalments_declined: 'sandbox.declined.instalmentsDeclined',
  reference_expired: 'sandbox.declined.referenceExpired',
}
export const declineMessage = (code: string): MessageId =>
  Object.hasOwn(declineMessages, code) ? declineMessages[code]! : 'sandbox.declined.other'

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

/** Money in the buyer's language, Latin digits (the site's rule), from minor units, around the riyal's own sign. */
function moneyParts(minor: number, currency: string, lang: Lang): AmountParts {
  const format = new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency })
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return amountParts(format.formatToParts(minor / 10 ** digits), currency)
}

/** Money as text: the riyal's sign (U+20C1) in Intl's symbol's place (api/contract/currencySign.ts). */
export function formatMoney(minor: number, currency: string, lang: Lang): string {
  return amountText(moneyParts(minor, currency, lang))
}

/**
 * Money as HTML, escaped: the riyal's sign in an image of text named by the currency (the catalog's
 * `common.currencySign.sar`), as the site's pages show it (renderer/components/Money.tsx), so that a
 * screen reader names it, in the pay button's name too.
 */
export function moneyHtml(minor: number, currency: string, lang: Lang, t: Words): string {
  const { before, sign, after } = moneyParts(minor, currency, lang)
  const named = sign ? `<span role="img" aria-label="${escapeHtml(t(sign.name))}">${escapeHtml(sign.text)}</span>` : ''
  return `${escapeHtml(before)}${named}${escapeHtml(after)}`
}

/** A message with an amount in it, as HTML: its words escaped, the amount's markup (moneyHtml) kept. */
function withAmount(t: Words, id: MessageId, values: Record<string, string>, amountHtml: string): string {
  const mark = '\uE000'
  return escapeHtml(t(id, { ...values, amount: mark })).replace(mark, () => amountHtml)
}

const percent = (bp: number, lang: Lang) =>
  new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10000)

function css(theme: Theme, lang: Lang): string {
  const dark = theme.mode === 'dark'
  const background = dark ? '#111827' : '#f8fafc'
  const surface = dark ? '#1f2937' : '#ffffff'
  const ink = dark ? '#f9fafb' : '#111827'
  const muted = dark ? '#d1d5db' : '#4b5563'
  const error = dark ? '#fca5a5' : '#b91c1c'
  return [
    `:root{color-scheme:${theme.mode};--brand:${theme.color};--on-brand:${textOn(theme.color)};--radius:${theme.radius}px}`,
    // The site's face for the page's script first, served here (./fonts.ts).
    `${fontFaces(lang, `${apiBase}/sandbox/fonts`)}body{margin:0;background:${background};color:${ink};font:16px/1.5 "${familyOf(lang)}", "${signFamily}", ${fontStacks[theme.font]}}`,
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
    // A transparent border, not none: forced colours paint it, so the button keeps its edge there.
    'button{margin-top:1.25rem;width:100%;padding:.75rem;font:inherit;font-weight:700;border:2px solid transparent;border-radius:var(--radius);background:var(--brand);color:var(--on-brand);cursor:pointer}',
    `.link{background:none;color:${ink};text-decoration:underline;font-weight:400;margin-top:.5rem}`,
    `.error{color:${error};font-weight:600;margin:0 0 .25rem}`,
    `.summary{border:3px solid ${error};border-radius:var(--radius);padding:.25rem 1rem;margin:1rem 0}.summary:focus{outline:3px solid ${ink};outline-offset:2px}.summary h2{margin-top:.5rem}.summary a{color:${error};font-weight:600}`,
    // The method chooser: links, the chosen one marked (aria-current) by a thicker edge in the brand's colour.
    `.methods{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:.5rem}.methods a{display:block;padding:.375rem .75rem;border:1px solid ${muted};border-radius:var(--radius);text-decoration:none}.methods a[aria-current]{border:3px solid var(--brand);font-weight:700}`,
    '.ref{font-size:1.5rem;font-weight:700;letter-spacing:.1em;margin:.25rem 0 1rem}',
    '.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}',
    'a{color:inherit}',
  ].join('')
}

export type Page = { html: string; csp: string }

function document(lang: Lang, title: string, body: string): Page {
  const dir = dirOf(lang)
  const theme = defaultTheme(dir, companyName[lang])
  const style = css(theme, lang)
  const hash = createHash('sha256').update(style).digest('base64')
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
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
  // No script at all; the one style by its hash; its own faces; forms post only here; never framed.
  // The icon is the empty `data:,` of the head, so no browser asks for /favicon.ico (which
  // `default-src 'none'` would refuse, with a CSP report in the console).
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${hash}'`,
    "font-src 'self'",
    'img-src data:',
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
  return { html, csp }
}

function orderTable(quote: Quote, t: Words, lang: Lang): string {
  const money = (minor: number) => moneyHtml(minor, quote.currency, lang, t)
  const period = t(quote.billing === 'yearly' ? 'sandbox.order.yearly' : 'sandbox.order.monthly')
  const rows = quote.lines.map(
    (line) =>
      `<tr><td>${escapeHtml(t(skuNames[line.sku]))}${line.quantity > 1 ? ` × ${line.quantity}` : ''} <span class="note">(${escapeHtml(period)})</span></td><td>${money(line.amountMinor)}</td></tr>`,
  )
  rows.push(`<tr><td>${escapeHtml(t('sandbox.order.subtotal'))}</td><td>${money(quote.subtotalMinor)}</td></tr>`)
  // A discount as the checkout shows it: U+2212 before the amount, not Intl's hyphen.
  if (quote.discountMinor > 0 && quote.discount)
    rows.push(
      `<tr><td>${escapeHtml(t('sandbox.order.discount', { code: quote.discount.code }))}</td><td>−${money(quote.discountMinor)}</td></tr>`,
    )
  rows.push(
    `<tr><td>${escapeHtml(t('sandbox.order.vat', { rate: percent(quote.vatBp, lang) }))}</td><td>${money(quote.vatMinor)}</td></tr>`,
  )
  rows.push(
    `<tr class="total"><td>${escapeHtml(t('sandbox.order.total'))}</td><td>${money(quote.totalMinor)}</td></tr>`,
  )
  return `<h2>${escapeHtml(t('sandbox.order.title'))}</h2>\n<table>${rows.join('')}</table>`
}

/**
 * The method chooser: the order's market's methods (api/contract/markets.ts), named as the site names them,
 * as links (no script): the cards share the card form; each other method has its own flow. The
 * chosen one is `aria-current`.
 */
function chooser(quote: Quote, t: Words, lang: Lang, chosen: Brand | undefined, methodUrl: (method?: Brand) => string) {
  const market = markets.find((m) => m.code === quote.market)
  if (!market) return ''
  const methods = methodsOf(market)
  const cards = methods.filter((b) => methodFacts[b].sandbox.kind === 'card')
  const brands = new Intl.ListFormat(intlLocale(lang), { type: 'disjunction' }).format(
    cards.map((b) => t(`method.${b}`)),
  )
  const link = (href: string, text: string, current: boolean) =>
    `<li><a href="${escapeHtml(href)}"${current ? ' aria-current="page"' : ''}>${escapeHtml(text)}</a></li>`
  const items = [
    ...(cards.length ? [link(methodUrl(), t('sandbox.choose.card', { brands }), chosen === undefined)] : []),
    ...methods
      .filter((b) => methodFacts[b].sandbox.kind !== 'card')
      .map((b) => link(methodUrl(b), t(`method.${b}`), chosen === b)),
  ]
  return `<nav aria-labelledby="methods-title"><h2 id="methods-title">${escapeHtml(t('sandbox.choose.title'))}</h2><ul class="methods">${items.join('')}</ul></nav>`
}

/**
 * GOV.UK's error summary, built without script: it is focused on load (autofocus), so it is the
 * first thing read; each field's error is a link to the field, which a fragment link focuses.
 */
function summaryOf(t: Words, invalid: Map<Field, FieldError | CodeError>, decline = ''): string {
  const items = [...invalid].map(
    ([name, e]) => `<li><a href="#${name}">${escapeHtml(t(`sandbox.error.${e}`))}</a></li>`,
  )
  if (!items.length && !decline) return ''
  return `<div class="summary" tabindex="-1" autofocus data-error-summary><div role="alert"><h2>${escapeHtml(t('sandbox.summary.title'))}</h2>${decline}${items.length ? `<ul>${items.join('')}</ul>` : ''}</div></div>`
}

/** A labelled input with its error (tied by aria-describedby, marked aria-invalid) and an optional hint. */
function fieldHtml(
  t: Words,
  options: { name: Field; label: string; attrs: string; error?: FieldError | CodeError; hint?: string; value?: string },
): string {
  const { name, error, hint, value } = options
  const described = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ')
  return `<label for="${name}">${escapeHtml(options.label)}</label>${hint ? `<p class="note" id="${name}-hint">${escapeHtml(hint)}</p>` : ''}${error ? `<p class="error" id="${name}-error"><span class="vh">${escapeHtml(t('sandbox.errorPrefix'))} </span>${escapeHtml(t(`sandbox.error.${error}`))}</p>` : ''}<input id="${name}" name="${name}" ${options.attrs}${value ? ` value="${escapeHtml(value)}"` : ''}${error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>`
}

/** The first step of a method that is not a card: a simulated sheet, a mobile number, or a reference to get. */
function methodForm(t: Words, method: Brand, action: string, error: FieldError | undefined): string {
  const name = t(`method.${method}`)
  const flow = methodFacts[method].sandbox
  const hidden = `<input type="hidden" name="method" value="${escapeHtml(method)}">`
  const open = `<h2>${escapeHtml(name)}</h2>\n`
  if (flow.kind === 'sheet')
    return `${open}<p>${escapeHtml(t('sandbox.sheet.body', { method: name }))}</p>
<form method="post" action="${escapeHtml(action)}">${hidden}
<button type="submit" name="decision" value="approve">${escapeHtml(t('sandbox.sheet.approve'))}</button>
<button class="link" type="submit" name="decision" value="decline">${escapeHtml(t('sandbox.sheet.decline'))}</button>
</form>`
  if (flow.kind === 'reference')
    return `${open}<p>${escapeHtml(t('sandbox.reference.body', { method: name }))}</p>
<form method="post" action="${escapeHtml(action)}">${hidden}
<button type="submit">${escapeHtml(t('sandbox.reference.get'))}</button>
</form>`
  return `${open}<form method="post" action="${escapeHtml(action)}" novalidate>${hidden}
<p>${escapeHtml(method === 'wallets' ? t('sandbox.account.walletBody') : t('sandbox.account.body', { method: name }))}</p>
${fieldHtml(t, { name: 'phone', label: t('sandbox.account.phone'), attrs: 'type="tel" inputmode="tel" autocomplete="off" dir="ltr" required', error })}
<button type="submit">${escapeHtml(t('sandbox.account.continue'))}</button>
</form>`
}

const header = (t: Words, lang: Lang) =>
  `<h1>${escapeHtml(t('sandbox.title', { merchant: companyName[lang] }))}</h1>\n<p class="note">${escapeHtml(t('sandbox.note'))}</p>`

/**
 * How long the page stays open (2.2.1 Timing Adjustable: said before the time runs out, in words
 * that hold wherever the buyer is): a duration counted when the page was made, and the closing
 * time on the 24-hour clock of the order's market with the market's zone by name from the catalog
 * (`sandbox.zone.<market>`: "06:53 Riyadh time"), since the server
 * does not know the buyer's zone. Never a 12-hour clock or a GMT offset (docs/content.md, "Copy checks"). The duration goes through Intl's units, which carry each
 * language's plurals.
 */
function closesLine(t: Words, lang: Lang, quote: Quote, closesAt: number, nowMs: number, id: MessageId): string {
  const minutes = Math.max(1, Math.round((closesAt - nowMs) / 60_000))
  const duration = new Intl.NumberFormat(intlLocale(lang), { style: 'unit', unit: 'minute', unitDisplay: 'long' })
  return `<p class="note" data-closes>${escapeHtml(t(id, { duration: duration.format(minutes), time: clockTime(quote.market, closesAt, lang), zone: t(`sandbox.zone.${quote.market}` as MessageId) }))}</p>`
}

/** A time of day on the market's clock, 24-hour, two-digit hours ("06:53"), Latin digits. */
function clockTime(market: string, at: number, lang: Lang): string {
  const timeZone = markets.find((m) => m.code === market)?.timeZone ?? 'UTC'
  return new Intl.DateTimeFormat(intlLocale(lang), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })
    .format(at)
    .replace(/[\u200E\u200F\u061C]/g, '')
}

/** The title of a page that shows a problem: "Error: " first (GOV.UK's pattern, 3.3.1). */
const titleWith = (t: Words, title: string, problem: boolean) =>
  problem ? `${t('sandbox.errorPrefix')} ${title}` : title

export async function payPage(options: {
  lang: Lang
  quote: Quote
  action: string
  cancelAction: string
  /** When the session stops taking payment, and the time the page is made (ms). */
  closesAt: number
  now: number
  errors?: FieldError[]
  /** The last attempt's decline, when the session failed before. */
  failureCode?: string
  /** What the buyer typed, shown again after an error: never the card number, the CVC or a mobile number. */
  values?: { expiry?: string; name?: string }
  /** The method chosen, when it is not a card (its own form then); the card form otherwise. */
  method?: Brand
  /** The chooser's link to a method (none: the cards). */
  methodUrl?: (method?: Brand) => string
  /** Where a method's first step posts. */
  methodAction?: string
}): Promise<Page> {
  const { lang, quote, method } = options
  const t = await wordsOf(lang)
  const errors = options.errors ?? []
  const invalid = new Map(errors.map((e) => [fieldOf[e], e] as const))
  const decline = options.failureCode ? `<p>${escapeHtml(t(declineMessage(options.failureCode)))}</p>` : ''
  const summary = summaryOf(t, invalid, decline)
  const problem = summary !== ''
  // After a round with errors the number and the CVC come back empty (never echoed): each says why.
  const again = options.values !== undefined
  const field = (name: Field, label: string, attrs: string, value = '') => {
    const error = invalid.get(name)
    const hint = !error && again && (name === 'number' || name === 'cvc') ? t('sandbox.card.again') : undefined
    return fieldHtml(t, { name, label, attrs, error, hint, value })
  }
  const top = `${header(t, lang)}
${closesLine(t, lang, quote, options.closesAt, options.now, 'sandbox.closes.pay')}
${orderTable(quote, t, lang)}
${chooser(quote, t, lang, method, options.methodUrl ?? (() => options.action))}
${summary}`
  const cancel = `<form method="post" action="${escapeHtml(options.cancelAction)}"><button class="link" type="submit">${escapeHtml(t('sandbox.card.cancel'))}</button></form>`
  const title = titleWith(t, t('sandbox.title', { merchant: companyName[lang] }), problem)
  if (method && methodFacts[method].sandbox.kind !== 'card') {
    const error = invalid.get('phone') as FieldError | undefined
    return document(
      lang,
      title,
      `${top}\n${methodForm(t, method, options.methodAction ?? options.action, error)}\n${cancel}`,
    )
  }
  const body = `${top}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${field('number', t('sandbox.card.number'), 'inputmode="numeric" autocomplete="cc-number" dir="ltr" required')}
<div class="row"><div>${field('expiry', t('sandbox.card.expiry'), 'inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" dir="ltr" required', options.values?.expiry)}</div>
<div>${field('cvc', t('sandbox.card.cvc'), 'inputmode="numeric" autocomplete="cc-csc" dir="ltr" required')}</div></div>
${field('name', t('sandbox.card.name'), 'autocomplete="cc-name" required', options.values?.name)}
<button type="submit">${withAmount(t, 'sandbox.card.pay', {}, moneyHtml(quote.totalMinor, quote.currency, lang, t))}</button>
</form>
${cancel}`
  return document(lang, title, body)
}

/** A method's one-time code step (STC Pay, mobile wallets, InstaPay, Tabby, Tamara), with its signed token. */
export async function codePage(options: {
  lang: Lang
  quote: Quote
  method: Brand
  action: string
  token: string
  /** The way back to the payment page, to choose another method. */
  backUrl: string
  closesAt: number
  now: number
  error?: CodeError
}): Promise<Page> {
  const { lang, quote, error } = options
  const t = await wordsOf(lang)
  const method = t(`method.${options.method}`)
  const title = t('sandbox.code.title', { method })
  const summary = summaryOf(t, new Map(error ? [['code', error] as const] : []))
  const body = `<h1>${escapeHtml(title)}</h1>
<p class="note">${escapeHtml(t('sandbox.note'))}</p>
${closesLine(t, lang, quote, options.closesAt, options.now, 'sandbox.closes.step')}
${summary}
<p>${escapeHtml(t('sandbox.code.body', { method: options.method === 'wallets' ? t('sandbox.walletInProse') : method }))}</p>
<p><strong>${moneyHtml(quote.totalMinor, quote.currency, lang, t)}</strong></p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="hidden" name="step" value="${escapeHtml(options.token)}">
${fieldHtml(t, { name: 'code', label: t('sandbox.bank.code'), attrs: 'inputmode="numeric" autocomplete="one-time-code" dir="ltr" required', error })}
<button type="submit">${escapeHtml(t('sandbox.bank.confirm'))}</button>
</form>
<p><a href="${escapeHtml(options.backUrl)}">${escapeHtml(t('sandbox.step.back'))}</a></p>`
  return document(lang, titleWith(t, title, summary !== ''), body)
}

/** Pay by reference (Fawry): the reference number, and the sandbox's two endings. */
export async function referencePage(options: {
  lang: Lang
  quote: Quote
  method: Brand
  action: string
  token: string
  reference: string
  backUrl: string
  closesAt: number
  now: number
}): Promise<Page> {
  const { lang, quote } = options
  const t = await wordsOf(lang)
  const method = t(`method.${options.method}`)
  const title = t('sandbox.reference.title', { method })
  const hidden = `<input type="hidden" name="step" value="${escapeHtml(options.token)}">`
  const body = `<h1>${escapeHtml(title)}</h1>
<p class="note">${escapeHtml(t('sandbox.note'))}</p>
${closesLine(t, lang, quote, options.closesAt, options.now, 'sandbox.closes.step')}
<p>${withAmount(t, 'sandbox.reference.pay', { method }, moneyHtml(quote.totalMinor, quote.currency, lang, t))}</p>
<h2>${escapeHtml(t('sandbox.reference.label'))}</h2>
<p class="ref" dir="ltr" data-reference>${escapeHtml(options.reference)}</p>
<p class="note">${escapeHtml(t('sandbox.reference.sandbox'))}</p>
<form method="post" action="${escapeHtml(options.action)}">${hidden}
<button type="submit" name="decision" value="paid">${escapeHtml(t('sandbox.reference.paid'))}</button>
<button class="link" type="submit" name="decision" value="expired">${escapeHtml(t('sandbox.reference.expired'))}</button>
</form>
<p><a href="${escapeHtml(options.backUrl)}">${escapeHtml(t('sandbox.step.back'))}</a></p>`
  return document(lang, title, body)
}

/** A method's step sent after its time: nothing was paid, and the payment page (still open) takes another try. */
export async function stepClosedPage(options: { lang: Lang; payUrl: string }): Promise<Page> {
  const { lang } = options
  const t = await wordsOf(lang)
  const body = `<h1>${escapeHtml(t('sandbox.step.closed.title'))}</h1>
<p class="note">${escapeHtml(t('sandbox.note'))}</p>
<p role="status">${escapeHtml(t('sandbox.step.closed.body'))}</p>
<p><a href="${escapeHtml(options.payUrl)}">${escapeHtml(t('sandbox.bank.closed.back'))}</a></p>`
  return document(lang, t('sandbox.step.closed.title'), body)
}

export async function challengePage(options: {
  lang: Lang
  quote: Quote
  action: string
  token: string
  /** When the bank page's form stops being good (its token's end, or the session's if sooner). */
  closesAt: number
  now: number
}): Promise<Page> {
  const { lang, quote } = options
  const t = await wordsOf(lang)
  const body = `<h1>${escapeHtml(t('sandbox.bank.title'))}</h1>
<p class="note">${escapeHtml(t('sandbox.note'))}</p>
${closesLine(t, lang, quote, options.closesAt, options.now, 'sandbox.closes.bank')}
<p>${escapeHtml(t('sandbox.bank.body'))}</p>
<p><strong>${moneyHtml(quote.totalMinor, quote.currency, lang, t)}</strong></p>
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

/** The bank page sent after its time: nothing was paid, and the payment page (still open) takes another try. */
export async function bankClosedPage(options: { lang: Lang; payUrl: string }): Promise<Page> {
  const { lang } = options
  const t = await wordsOf(lang)
  const body = `<h1>${escapeHtml(t('sandbox.bank.closed.title'))}</h1>
<p class="note">${escapeHtml(t('sandbox.note'))}</p>
<p role="status">${escapeHtml(t('sandbox.bank.closed.body'))}</p>
<p><a href="${escapeHtml(options.payUrl)}">${escapeHtml(t('sandbox.bank.closed.back'))}</a></p>`
  return document(lang, t('sandbox.bank.closed.title'), body)
}

export async function closedPage(options: {
  lang: Lang
  quote: Quote
  status: 'paid' | 'cancelled' | 'expired' | 'processing'
  returnUrl: string
}): Promise<Page> {
  const { lang, status } = options
  const t = await wordsOf(lang)
  // Expired or cancelled: the way on is a new payment, from the checkout that keeps the cart.
  const back = status === 'expired' || status === 'cancelled' ? 'sandbox.closed.again' : 'sandbox.closed.back'
  const body = `${header(t, lang)}
${orderTable(options.quote, t, lang)}
<p role="status">${escapeHtml(t(`sandbox.closed.${status}`))}</p>
<p><a href="${escapeHtml(options.returnUrl)}">${escapeHtml(t(back))}</a></p>`
  // One sentence per state, and a title without a full stop.
  return document(lang, t(`sandbox.closed.title.${status}`), body)
}

/**
 * A payment link that leads nowhere (mistyped, cut short, or not ours): said in the buyer's
 * language, with the way to the site's checkout (which keeps the cart). Nothing here names or
 * confirms any session.
 */
export async function unknownLinkPage(options: { lang: Lang; checkoutUrl: string }): Promise<Page> {
  const { lang } = options
  const t = await wordsOf(lang)
  const body = `<h1>${escapeHtml(t('sandbox.unknown.title'))}</h1>
<p class="note">${escapeHtml(t('sandbox.note'))}</p>
<p>${escapeHtml(t('sandbox.unknown.body'))}</p>
<p><a href="${escapeHtml(options.checkoutUrl)}">${escapeHtml(t('sandbox.unknown.back'))}</a></p>`
  return document(lang, t('sandbox.unknown.title'), body)
}

/**
 * A form the page cannot take: posted from another site, with a forged or stale step token, or
 * for a method the market does not sell. Said in the buyer's language, as
 * for an unknown link, with the way back to the payment page; nothing was charged.
 */
export async function refusedFormPage(options: { lang: Lang; payUrl: string }): Promise<Page> {
  const { lang } = options
  const t = await wordsOf(lang)
  const body = `<h1>${escapeHtml(t('sandbox.refused.title'))}</h1>
<p class="note">${escapeHtml(t('sandbox.note'))}</p>
<p>${escapeHtml(t('sandbox.refused.body'))}</p>
<p><a href="${escapeHtml(options.payUrl)}">${escapeHtml(t('sandbox.bank.closed.back'))}</a></p>`
  return document(lang, t('sandbox.refused.title'), body)
}
