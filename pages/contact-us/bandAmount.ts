// The sales form's volume bands in words: a module of the contact island's own, so that the other
// islands sharing api/contract/currencySign.ts do not carry it. Pure: tests/unit/marketFit.test.ts.

/**
 * An amount as an option of the sales form's volume bands writes it: an option is text only, so
 * the currency by its name, never a symbol or its own sign (which an option cannot name, and which
 * pickers draw in the system font); whole figures under a million, round millions in words
 * ("5 million", «5 ملايين», and «مليون» alone for one). `bare`: without the currency, for the
 * lower edge of a band, whose upper edge names it ("50,000 to 250,000 US dollars", «من مليون إلى 5
 * ملايين دولار أمريكي»).
 */
export function bandAmount(locale: string, currency: string, n: number, bare?: boolean): string {
  const text = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'name',
    ...(n < 1e6 ? { maximumFractionDigits: 0 } : { notation: 'compact', compactDisplay: 'long' }),
  })
    .formatToParts(n)
    .map((p) => (bare && p.type === 'currency' ? '' : p.value))
    .join('')
    .trim()
  return locale.startsWith('ar') ? text.replace(/^1 (?=\D)/, '') : text
}
