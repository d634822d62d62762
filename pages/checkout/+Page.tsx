import { FormattedMessage } from 'react-intl'
import { Link } from '../../renderer/components/Link'
import { PageHero } from '../../renderer/components/PageHero'

export default function Page() {
  return (
    <>
      <PageHero title="checkout.hero.title" />
      <section className="mt-8 max-w-xl rounded-xl border border-dashed border-neutral-300 p-8 text-center dark:border-neutral-700">
        <span className="i-lucide-shopping-cart size-8 text-neutral-400" aria-hidden="true" />
        <h2 className="mt-3 text-lg font-semibold">
          <FormattedMessage id="checkout.empty.title" />
        </h2>
        <p className="mt-1 text-neutral-600 dark:text-neutral-400">
          <FormattedMessage id="checkout.empty.body" />
        </p>
        <Link href="/pricing" className="btn-primary mt-5">
          <FormattedMessage id="checkout.empty.cta" />
        </Link>
      </section>
    </>
  )
}
