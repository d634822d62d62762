// The sandbox hosted payment page as HTML: template strings, every value escaped, no script. The
// look is the merchant's theme (api/contract/theme.ts, the design page's model); the words are
// this file's small table in both languages (the site's catalogs are for the site). One <style>,
// allowed by its hash in the Content-Security-Policy, which the caller sends with the page.
import { createHash } from 'node:crypto'
import type { checkoutLocales, Quote, Sku } from '../../contract/cart'
import { defaultTheme, fontStacks, readableOn, type Theme, textOn } from '../../contract/theme'
import ar from '../../../locales/ar.json' with { type: 'json' }
import en from '../../../locales/en.json' with { type: 'json' }
import { markets, methodsOf } from '../../../site.config'

/** The buyer's language: the session's `locale`, or the page's `?lang=`. */
export type Lang = (typeof checkoutLocales)[number]

const text = {
  en: {
    title: 'Pay {merchant}',
    sandbox: 'Sandbox: test cards only, no money moves',
    methods: 'Accepted here: {methods}. The sandbox takes the test cards.',
    order: 'Your order',
    monthly: 'monthly',
    yearly: 'yearly',
    subtotal: 'Subtotal',
    discount: 'Discount ({code})',
    vat: 'VAT ({rate})',
    total: 'Total',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    name: 'Name on card',
    pay: 'Pay {amount}',
    cancel: 'Cancel and return',
    notTest: 'The sandbox accepts only the test cards listed in the guide. A real card is never charged or kept here.',
    invalidNumber: 'This is not a valid card number. Check it and try again.',
    invalidExpiry: 'Enter a future expiry date as MM/YY.',
    invalidCvc: 'Enter the 3 or 4 digits of the CVC.',
    invalidName: 'Enter the name on the card.',
    declined: 'The last attempt was declined ({code}). You can try another card.',
    bankTitle: 'Your bank: confirm the payment',
    bankBody: 'This is the sandbox’s simulated bank page (3-D Secure). Enter 123456 to pass; any other code fails.',
    code: 'Verification code',
    confirm: 'Confirm',
    bankCancel: 'Cancel',
    closed: 'This payment is no longer open.',
    status: {
      paid: 'It has been paid.',
      cancelled: 'It was cancelled.',
      expired: 'It expired before it was paid.',
      processing: 'It is being processed.',
    },
    back: 'Return to checkout',
    sku: {
      'plan.starter': 'Starter plan',
      'plan.growth': 'Growth plan',
      'addon.posTerminal': 'Extra in-store terminal',
    },
  },
  ar: {
    title: 'الدفع إلى {merchant}',
    sandbox: 'بيئة الاختبار: بطاقات الاختبار فقط، ولا تُنقل أي أموال',
    methods: 'وسائل الدفع المقبولة هنا: {methods}. وتقبل بيئة الاختبار بطاقات الاختبار.',
    order: 'طلبك',
    monthly: 'شهريًا',
    yearly: 'سنويًا',
    subtotal: 'المجموع الفرعي',
    discount: 'الخصم (⁨{code}⁩)',
    vat: 'ضريبة القيمة المضافة ({rate})',
    total: 'الإجمالي',
    number: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (شهر/سنة)',
    cvc: 'رمز الأمان (CVC)',
    name: 'الاسم على البطاقة',
    pay: 'ادفع {amount}',
    cancel: 'ألغِ عملية الدفع وعُد',
    notTest:
      'لا تقبل بيئة الاختبار إلا بطاقات الاختبار المذكورة في دليل الربط، ولا تُخصم أي مبالغ من بطاقة حقيقية ولا تُحفظ بياناتها هنا.',
    invalidNumber: 'رقم البطاقة غير صحيح. تحقّق منه وأعد المحاولة.',
    invalidExpiry: 'أدخل تاريخ انتهاء مستقبليًا بالصيغة شهر/سنة، مثل 12/30.',
    invalidCvc: 'أدخل رمز الأمان المكوّن من 3 أو 4 أرقام.',
    invalidName: 'أدخل الاسم كما يظهر على البطاقة.',
    declined: 'رُفضت عملية الدفع السابقة (رمز سبب الرفض: {code}). يمكنك المحاولة ببطاقة أخرى.',
    bankTitle: 'بنكك: أكّد عملية الدفع',
    bankBody:
      'هذه صفحة تحاكي صفحة بنكك في بيئة الاختبار (المصادقة عبر ⁨3-D Secure⁩). أدخل 123456 لإتمام المصادقة، وسيُرفض أي رمز آخر.',
    code: 'رمز التحقق',
    confirm: 'أكّد',
    bankCancel: 'ألغِ',
    closed: 'لم تعد عملية الدفع هذه متاحة.',
    status: {
      paid: 'فقد اكتملت.',
      cancelled: 'فقد أُلغيت.',
      expired: 'فقد انتهت صلاحيتها قبل إتمام الدفع.',
      processing: 'فهي قيد المعالجة.',
    },
    back: 'عُد إلى صفحة إتمام الطلب',
    sku: {
      'plan.starter': 'باقة البداية',
      'plan.growth': 'باقة النمو',
      'addon.posTerminal': 'جهاز دفع إضافي في المتجر',
    },
  },
} satisfies Record<Lang, unknown>

type Texts = (typeof text)['en']
export type FieldError = 'notTest' | 'invalidNumber' | 'invalidExpiry' | 'invalidCvc' | 'invalidName'

const merchant = { en: 'Rasid', ar: 'رصيد' } as const

export function escapeHtml(value: string | number): string {
  return String(value).replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  )
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '')

/** Money in the buyer's language, Latin digits (the site's rule), from minor units. */
export function formatMoney(minor: number, currency: string, lang: Lang): string {
  const format = new Intl.NumberFormat(`${lang}-u-nu-latn`, { style: 'currency', currency })
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return format.format(minor / 10 ** digits)
}

const percent = (bp: number, lang: Lang) =>
  new Intl.NumberFormat(`${lang}-u-nu-latn`, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10000)

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
  const dir = lang === 'ar' ? 'rtl' : 'ltr'
  const theme = defaultTheme(dir, merchant[lang])
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

function orderTable(quote: Quote, t: Texts, lang: Lang): string {
  const money = (minor: number) => escapeHtml(formatMoney(minor, quote.currency, lang))
  const period = quote.billing === 'yearly' ? t.yearly : t.monthly
  const rows = quote.lines.map(
    (line) =>
      `<tr><td>${escapeHtml(t.sku[line.sku as Sku])}${line.quantity > 1 ? ` × ${line.quantity}` : ''} <span class="note">(${escapeHtml(period)})</span></td><td>${money(line.amountMinor)}</td></tr>`,
  )
  rows.push(`<tr><td>${escapeHtml(t.subtotal)}</td><td>${money(quote.subtotalMinor)}</td></tr>`)
  if (quote.discountMinor > 0 && quote.discount)
    rows.push(
      `<tr><td>${escapeHtml(fill(t.discount, { code: quote.discount.code }))}</td><td>${money(-quote.discountMinor)}</td></tr>`,
    )
  rows.push(
    `<tr><td>${escapeHtml(fill(t.vat, { rate: percent(quote.vatBp, lang) }))}</td><td>${money(quote.vatMinor)}</td></tr>`,
  )
  rows.push(`<tr class="total"><td>${escapeHtml(t.total)}</td><td>${money(quote.totalMinor)}</td></tr>`)
  return `<h2>${escapeHtml(t.order)}</h2>\n<table>${rows.join('')}</table>`
}

/** The methods of the order's market (site.config.ts), named as the site names them. */
function methodsLine(quote: Quote, t: Texts, lang: Lang): string {
  const market = markets.find((m) => m.code === quote.market)
  if (!market) return ''
  const names = methodsOf(market).map((b) => ({ en, ar })[lang][`method.${b}` as keyof typeof en])
  const list = new Intl.ListFormat(lang, { type: 'conjunction' }).format(names)
  return `<p class="note">${escapeHtml(fill(t.methods, { methods: list }))}</p>`
}

const header = (t: Texts, lang: Lang) =>
  `<h1>${escapeHtml(fill(t.title, { merchant: merchant[lang] }))}</h1>\n<p class="note">${escapeHtml(t.sandbox)}</p>`

export function payPage(options: {
  lang: Lang
  quote: Quote
  action: string
  cancelAction: string
  errors?: FieldError[]
  /** The last attempt's decline, when the session failed before. */
  failureCode?: string
  /** What the buyer typed, shown again after an error: never the card number or the CVC. */
  values?: { expiry?: string; name?: string }
}): Page {
  const { lang, quote } = options
  const t = text[lang]
  const errors = options.errors ?? []
  const messages = [
    ...(options.failureCode ? [fill(t.declined, { code: options.failureCode })] : []),
    ...errors.map((e) => t[e]),
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
${field('number', t.number, 'inputmode="numeric" autocomplete="cc-number" dir="ltr" required')}
<div class="row"><div>${field('expiry', t.expiry, 'inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" dir="ltr" required', options.values?.expiry)}</div>
<div>${field('cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" dir="ltr" required')}</div></div>
${field('name', t.name, 'autocomplete="cc-name" required', options.values?.name)}
<button type="submit">${escapeHtml(fill(t.pay, { amount: formatMoney(quote.totalMinor, quote.currency, lang) }))}</button>
</form>
<form method="post" action="${escapeHtml(options.cancelAction)}"><button class="link" type="submit">${escapeHtml(t.cancel)}</button></form>`
  return document(lang, fill(t.title, { merchant: merchant[lang] }), body)
}

export function challengePage(options: { lang: Lang; quote: Quote; action: string; token: string }): Page {
  const { lang, quote } = options
  const t = text[lang]
  const body = `<h1>${escapeHtml(t.bankTitle)}</h1>
<p class="note">${escapeHtml(t.sandbox)}</p>
<p>${escapeHtml(t.bankBody)}</p>
<p><strong>${escapeHtml(formatMoney(quote.totalMinor, quote.currency, lang))}</strong></p>
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="challenge" value="${escapeHtml(options.token)}">
<label for="code">${escapeHtml(t.code)}</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" dir="ltr" required>
<button type="submit" name="decision" value="confirm">${escapeHtml(t.confirm)}</button>
</form>
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="challenge" value="${escapeHtml(options.token)}">
<button class="link" type="submit" name="decision" value="cancel">${escapeHtml(t.bankCancel)}</button>
</form>`
  return document(lang, t.bankTitle, body)
}

export function closedPage(options: {
  lang: Lang
  quote: Quote
  status: 'paid' | 'cancelled' | 'expired' | 'processing'
  returnUrl: string
}): Page {
  const { lang } = options
  const t = text[lang]
  const body = `${header(t, lang)}
${orderTable(options.quote, t, lang)}
<p role="status"><strong>${escapeHtml(t.closed)}</strong> ${escapeHtml(t.status[options.status])}</p>
<p><a href="${escapeHtml(options.returnUrl)}">${escapeHtml(t.back)}</a></p>`
  return document(lang, t.closed, body)
}
