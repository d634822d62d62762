import { FormattedMessage } from 'react-intl'
import { PageHero } from '../../renderer/components/PageHero'
import type { MessageId } from '../../locales/messages'
import { site } from '../../site.config'

const channels: ['sales' | 'support', string][] = [
  ['sales', 'i-lucide-briefcase'],
  ['support', 'i-lucide-life-buoy'],
]

export default function Page() {
  return (
    <>
      <PageHero title="contactUs.hero.title" body="contactUs.hero.body" />
      <div className="mt-10 grid gap-4 sm:grid-cols-2">
        {channels.map(([key, icon]) => (
          <section key={key} className="rounded-xl border border-neutral-200 p-5 dark:border-neutral-800">
            <span className={`${icon} size-6 text-primary-700`} aria-hidden="true" />
            <h2 className="mt-2 font-semibold">
              <FormattedMessage id={`contactUs.${key}.title` as MessageId} />
            </h2>
            <p className="mt-1 text-neutral-600 dark:text-neutral-400">
              <FormattedMessage
                id={`contactUs.${key}.body` as MessageId}
                values={{ email: <a href={`mailto:${site.email[key]}`} dir="ltr" className="text-primary-700 underline">{site.email[key]}</a> }}
              />
            </p>
          </section>
        ))}
      </div>
    </>
  )
}
