import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from '../../renderer/components/Link'
import { Money } from '../../renderer/components/Money'
import { MethodTile } from '../../renderer/components/PaymentMethods'
import type { MessageId } from '../../locales/messages'
import type { Brand } from '../../api/contract/markets'

/** The sample order the visual shows: a mada payment of ⃁ 249.00 and the day's payout. */
const order = { amountMinor: 24_900, payoutMinor: 1_248_000, currency: 'SAR', link: 'pay.rasid.example/l/7Hk2' }
const cardMethods: Brand[] = ['mada', 'visa', 'mastercard', 'applePay']

/**
 * The home page's first screen: the h1 in display type, the lead and both calls to action beside a
 * product shot composed from the product's own parts (renderer/styles/site.css `.hero-*`): the
 * hosted payment page's card as /design draws it in front, a payment link sent in a chat on a phone
 * behind it, and a payout confirmation over its corner. HTML and CSS drawn at build time, no image
 * and no script; in Arabic its text is Arabic and its placement mirrors (logical insets), the card
 * number staying left to right. On a phone the visual keeps the card alone, under the calls to
 * action. It rises into place once on load, unless the visitor asks for reduced motion.
 */
export function HomeHero() {
  return (
    <div className="home-hero">
      <div className="home-hero-text">
        <h1 className="display">
          <FormattedMessage id="home.hero.title" />
        </h1>
        <p className="mt-6 max-w-xl text-pretty text-lg text-neutral-600 sm:text-xl dark:text-neutral-300">
          <FormattedMessage id="home.hero.body" />
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link href="/pricing" className="btn-primary btn-lg">
            <FormattedMessage id="home.hero.ctaStart" />
            <span className="i-lucide-arrow-right size-4 flip-rtl" aria-hidden="true" />
          </Link>
          <Link href="/contact-us" className="btn-secondary btn-lg">
            <FormattedMessage id="home.hero.ctaSales" />
          </Link>
        </div>
      </div>
      <HeroVisual />
      <Merchants />
    </div>
  )
}

/** Each sample merchant's name with the lettering of its own wordmark (Latin's slant and spacing never on Arabic). */
const merchants = [
  ['noor', 'font-bold ltr:tracking-tight'],
  ['qahwa', 'font-semibold ltr:italic'],
  ['souq', 'font-bold uppercase ltr:text-sm ltr:tracking-widest'],
  ['nakheel', 'font-semibold'],
  ['bayt', 'font-normal uppercase ltr:text-sm ltr:tracking-[0.3em]'],
  ['rihla', 'font-bold ltr:italic ltr:tracking-tight'],
] as const

/** Under the hero: a strip of sample merchants' wordmarks, greyed, said to be samples. */
function Merchants() {
  return (
    <section aria-labelledby="merchants-title" className="lg:col-span-2">
      <h2 id="merchants-title" className="text-sm font-medium text-neutral-500 dark:text-neutral-400">
        <FormattedMessage id="home.merchants.title" />
      </h2>
      <ul className="merchant-strip">
        {merchants.map(([key, lettering]) => (
          <li key={key} className={lettering}>
            <FormattedMessage id={`home.merchants.${key}` as MessageId} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function HeroVisual() {
  const intl = useIntl()
  const amount = <Money minor={order.amountMinor} currency={order.currency} />
  return (
    <div className="hero-visual" role="img" aria-label={intl.formatMessage({ id: 'home.visual.label' })}>
      <div className="hero-phone hero-rise">
        <div className="hero-phone-screen">
          <p className="hero-chat-head">
            <span className="i-rasid-mark size-6" />
            <FormattedMessage id="home.visual.chatName" />
          </p>
          <div className="hero-bubble">
            <FormattedMessage id="home.visual.chatText" />
            <span dir="ltr" className="hero-link">
              <span className="i-lucide-link size-3.5" />
              {order.link}
            </span>
          </div>
          <div className="hero-bubble hero-bubble-out">
            <FormattedMessage id="home.visual.chatPaid" />
            <span className="i-lucide-check-check size-4 text-brand-600" />
          </div>
        </div>
      </div>
      <div className="hero-card hero-rise">
        <div className="flex items-center justify-between gap-3">
          <span className="font-bold text-brand-800">
            <FormattedMessage id="home.visual.store" />
          </span>
          <span className="inline-flex items-center gap-1 text-xs text-neutral-500">
            <span className="i-lucide-lock size-3.5" />
            <FormattedMessage id="home.visual.secured" />
          </span>
        </div>
        <div className="flex items-baseline justify-between gap-3 border-b border-neutral-200 pb-4">
          <span className="text-sm text-neutral-500">
            <FormattedMessage id="home.visual.order" />
          </span>
          <bdi className="text-2xl font-bold text-neutral-900">{amount}</bdi>
        </div>
        <ul className="hero-card-methods">
          {cardMethods.map((brand) => (
            <MethodTile key={brand} brand={brand} size="sm" />
          ))}
        </ul>
        <div className="hero-field">
          <span className="hero-field-label">
            <FormattedMessage id="home.visual.cardNumber" />
          </span>
          <span dir="ltr" className="hero-field-value">
            •••• •••• •••• 4242
          </span>
        </div>
        <div className="hero-field">
          <span className="hero-field-label">
            <FormattedMessage id="home.visual.expiry" />
          </span>
          <span dir="ltr" className="hero-field-value">
            12 / 30
          </span>
        </div>
        <span className="hero-pay">
          <span className="i-lucide-lock size-4" />
          <FormattedMessage id="home.visual.pay" values={{ amount: <bdi>{amount}</bdi> }} />
        </span>
      </div>
      <div className="hero-payout hero-slide">
        <span className="hero-payout-tick">
          <span className="i-lucide-check size-4" />
        </span>
        <span>
          <span className="block text-sm font-semibold text-neutral-900">
            <FormattedMessage id="home.visual.payoutTitle" />
          </span>
          <bdi className="block text-lg font-bold text-neutral-900">
            <Money minor={order.payoutMinor} currency={order.currency} />
          </bdi>
          <span className="block text-xs text-neutral-500">
            <FormattedMessage id="home.visual.payoutWhen" />
          </span>
        </span>
      </div>
    </div>
  )
}
