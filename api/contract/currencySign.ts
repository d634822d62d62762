// A currency's own sign in the place of the symbol Intl gives (docs/content.md, "Sample numbers and
// money"): the Saudi riyal sign, U+20C1 (Unicode 17), which the Saudi Central Bank introduced in
// 2025 and which no engine's Intl gives yet (CLDR offers it only as an alternative). Where Intl
// puts the symbol is where the sign goes: before the figure in English ("⃁ 1.00"), after it in
// Arabic, which right to left shows it on the figure's left as SAMA's rule has it. A screen reader
// has no name for a character this new, so the sign is shown in an element of its own with the
// name of the currency (`name`, a message: "Saudi riyals" in English). Pure: the pages and
// islands (renderer/money.ts) and the sandbox hosted payment page (api/server/checkout/page.ts)
// split an amount the same way.

/** U+20C1 SAUDI RIYAL SIGN. */
export const riyalSign = '\u20C1'

/** The currencies written with a sign of their own, and the message that names the sign. */
export const currencySigns: Readonly<Record<string, { sign: string; name: 'common.currencySign.sar' }>> = {
  SAR: { sign: riyalSign, name: 'common.currencySign.sar' },
}

/** A formatted amount around its currency's own sign. */
export interface AmountParts {
  /** What comes before the sign: the whole amount, as Intl wrote it, for a currency without one. */
  before: string
  /** The sign, for a currency with one of its own. */
  sign?: { text: string; name: 'common.currencySign.sar' }
  /** What comes after the sign. */
  after: string
}

/** Intl's parts of an amount (`formatToParts`) with the currency's own sign where Intl put its symbol. */
export function amountParts(parts: readonly Intl.NumberFormatPart[], currency: string): AmountParts {
  const own = Object.hasOwn(currencySigns, currency) ? currencySigns[currency] : undefined
  const at = own ? parts.findIndex((p) => p.type === 'currency') : -1
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((p) => p.value)
      .join('')
  if (!own || at < 0) return { before: text(0), after: '' }
  return { before: text(0, at), sign: { text: own.sign, name: own.name }, after: text(at + 1) }
}

/** The amount as plain text (a title, a label's string): the sign in the symbol's place, unnamed. */
export const amountText = ({ before, sign, after }: AmountParts) => `${before}${sign?.text ?? ''}${after}`
