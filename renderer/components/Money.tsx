import { useIntl } from 'react-intl'
import type { AmountParts } from '../../api/contract/currencySign'
import { moneyParts } from '../money'

/**
 * A currency's own sign (api/contract/currencySign.ts, the Saudi riyal's) as an image of text named
 * by the currency: a screen reader has no name for U+20C1 yet, and says "Saudi riyals" («ريال
 * سعودي») there, in Chromium and in WebKit, within a button's or a label's name too; a copy of the
 * text keeps the sign itself. Its face is the sign's own (api/contract/faces.ts `signFaces`), first
 * in the site's font stacks.
 */
function Sign({ sign }: { sign: NonNullable<AmountParts['sign']> }) {
  const intl = useIntl()
  return (
    <span role="img" aria-label={intl.formatMessage({ id: sign.name })}>
      {sign.text}
    </span>
  )
}

/** An amount in minor units as a page shows it (renderer/money.ts), with its currency's own sign where it has one. */
export function Money({ minor, currency }: { minor: number; currency: string }) {
  const intl = useIntl()
  const { before, sign, after } = moneyParts(intl, minor, currency)
  if (!sign) return before
  return (
    <>
      {before}
      <Sign sign={sign} />
      {after}
    </>
  )
}

/** The currency alone as the page's figures write it (a field's label): its own sign, or Intl's symbol. */
export function CurrencySymbol({ currency }: { currency: string }) {
  const intl = useIntl()
  const { sign } = moneyParts(intl, 0, currency)
  if (sign) return <Sign sign={sign} />
  return (
    intl.formatNumberToParts(0, { style: 'currency', currency }).find((p) => p.type === 'currency')?.value ?? currency
  )
}
