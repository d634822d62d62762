import { Card, PageHero } from '../../renderer/components/PageHero'
import type { MessageId } from '../../locales/messages'

const services: [string, string][] = [
  ['gateway', 'i-lucide-globe'],
  ['links', 'i-lucide-link'],
  ['pos', 'i-lucide-store'],
  ['payouts', 'i-lucide-landmark'],
]

export default function Page() {
  return (
    <>
      <PageHero title="services.hero.title" body="services.hero.body" />
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        {services.map(([key, icon]) => (
          <Card key={key} icon={icon} title={`services.${key}.title` as MessageId} body={`services.${key}.body` as MessageId} />
        ))}
      </div>
    </>
  )
}
