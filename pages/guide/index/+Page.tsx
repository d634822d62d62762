import { FormattedMessage } from 'react-intl'
import { useData } from 'vike-react/useData'
import { groupMessage, guideGroups } from '../../../build/guides'
import { GuideSearch } from '../../../renderer/components/GuideSearch'
import { Link } from '../../../renderer/components/Link'
import { PageHero } from '../../../renderer/components/PageHero'
import type { PageData } from '../../../renderer/pageData'

export default function Page() {
  // An operation's page of the API reference is listed on its tag's page, not here.
  const guides = (useData<PageData>().guides ?? []).filter((g) => !g.operation)
  return (
    <>
      <PageHero title="guide.index.title" body="guide.index.body" />
      <GuideSearch />
      <p className="mt-4 text-sm text-neutral-500 dark:text-neutral-400">
        <FormattedMessage id="guide.index.count" values={{ count: guides.length }} />
      </p>
      {guideGroups.map((group) => {
        const list = guides.filter((g) => g.group === group)
        if (!list.length) return null
        return (
          <section key={group} aria-labelledby={`group-${group}`} className="mt-10">
            <h2 id={`group-${group}`} className="text-lg ink-strong">
              <FormattedMessage id={groupMessage(group)} />
            </h2>
            <ol className="mt-3 grid gap-3 sm:grid-cols-2">
              {list.map((g) => (
                <li key={g.slug}>
                  {/* One card per guide, hundreds on this page: short shortcut names (uno.config.ts). */}
                  <Link href={`/guide/${g.slug}`} className="group guide-card">
                    <span className="guide-card-title">
                      {g.title}
                      <span className="i-lucide-arrow-right guide-card-arrow" aria-hidden="true" />
                    </span>
                    <span className="guide-card-text">{g.description}</span>
                  </Link>
                </li>
              ))}
            </ol>
          </section>
        )
      })}
    </>
  )
}
