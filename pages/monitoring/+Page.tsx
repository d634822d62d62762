import { Card, PageHero } from '../../renderer/components/PageHero'

export default function Page() {
  return (
    <>
      <PageHero title="monitoring.hero.title" body="monitoring.hero.body" />
      <div className="mt-10 grid gap-4 sm:grid-cols-2">
        <Card icon="i-lucide-activity" title="monitoring.status.title" body="monitoring.status.body" />
        <Card icon="i-lucide-chart-line" title="monitoring.transactions.title" body="monitoring.transactions.body" />
      </div>
    </>
  )
}
