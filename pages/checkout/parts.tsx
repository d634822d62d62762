// The checkout's parts that only draw: the pay step's message, a price row, a notice, and the
// message naming each product (./Checkout.island.tsx holds the state, ./CartTable.tsx and
// ./PayPanel.tsx draw the cart and its price).
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import type { Sku } from '../../api/contract/pricing'
import type { MessageId } from '../../locales/messages'
import { Money } from '../../renderer/components/Money'
import { type PayState, unreachable } from './payState'

/** What the buyer is told about the pay step and the return, in the page's language. */
export function PayMessage({ pay }: { pay: PayState }) {
  if (pay.state === 'returning')
    return <FormattedMessage id={pay.approved ? 'checkout.return.approved' : 'checkout.return.confirming'} />
  if (pay.state === 'lost') return <FormattedMessage id="checkout.return.unreachable" />
  if (pay.state === 'foreign') return <FormattedMessage id="checkout.return.foreign" />
  if (pay.state === 'refused') return <FormattedMessage id="checkout.pay.refused" />
  if (pay.state === 'error')
    return <FormattedMessage id={unreachable(pay.error) ? 'checkout.pay.unreachable' : 'checkout.pay.failedToStart'} />
  if (pay.state !== 'result') return null
  const { session } = pay
  const total = (
    <bdi>
      <Money minor={session.quote.totalMinor} currency={session.quote.currency} />
    </bdi>
  )
  if (session.status === 'paid')
    return (
      <>
        <h2 className="text-xl font-bold text-neutral-900 dark:text-white">
          <FormattedMessage id="checkout.return.paid.title" />
        </h2>
        <p className="mt-2">
          <FormattedMessage
            id="checkout.return.paid.body"
            values={{
              total,
              reference: (
                <bdi dir="ltr" className="font-mono">
                  {session.reference ?? session.id}
                </bdi>
              ),
            }}
          />
        </p>
      </>
    )
  if (session.status === 'failed')
    return (
      // The buyer reads the reason in words; the code itself is for support (and the merchant's dashboard).
      <FormattedMessage id="checkout.return.failed" values={{ reason: session.failureCode ?? 'processing_error' }} />
    )
  if (session.status === 'cancelled') return <FormattedMessage id="checkout.return.cancelled" />
  if (session.status === 'expired') return <FormattedMessage id="checkout.return.expired" />
  return <FormattedMessage id="checkout.return.processing" />
}

/** The cart's selects and the discount code's field. */
export const selectClass = 'field mt-1'

export const skuMessages: Record<Sku, MessageId> = {
  'plan.starter': 'checkout.sku.planStarter',
  'plan.growth': 'checkout.sku.planGrowth',
  'addon.posTerminal': 'checkout.sku.posTerminal',
}

export function Row({
  label,
  value,
  name,
  strong,
}: {
  label: string
  value: ReactNode
  name: string
  strong?: boolean
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-neutral-200 pt-3 text-lg font-bold dark:border-neutral-800' : ''}`}
    >
      <dt className="text-neutral-700 dark:text-neutral-300">{label}</dt>
      <dd data-price={name} className="tabular-nums text-neutral-900 dark:text-white">
        <bdi>{value}</bdi>
      </dd>
    </div>
  )
}

export function Notice({ id }: { id: MessageId }) {
  return (
    <p
      role="status"
      className="rounded-lg bg-warning-50 p-3 text-sm text-neutral-800 dark:bg-warning-950 dark:text-neutral-200"
    >
      <FormattedMessage id={id} />
    </p>
  )
}
