import { Card, PageHero } from '../../renderer/components/PageHero'
import type { MessageId } from '../../locales/messages'

const plans = ['starter', 'growth', 'enterprise']

export default function Page() {
  return (
    <>
      <PageHero title="pricing.hero.title" body="pricing.hero.body" />
      <div className="mt-10 grid gap-4 md:grid-cols-3">
        {plans.map((plan) => (
          <Card key={plan} title={`pricing.plans.${plan}.title` as MessageId} body={`pricing.plans.${plan}.body` as MessageId} />
        ))}
      </div>
    </>
  )
}
