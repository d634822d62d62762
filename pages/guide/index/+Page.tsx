import { FormattedMessage } from 'react-intl'
import { useData } from 'vike-react/useData'
import { guideGroups } from '../../../build/guides'
import { Link } from '../../../renderer/components/Link'
import { PageHero } from '../../../renderer/components/PageHero'
import type { MessageId } from '../../../locales/messages'
import type { PageData } from '../../../renderer/pageData'

export default function Page() {
  const { guides = [] } = useData<PageData>()
  return (
    <>
      <PageHero title="guide.index.title" body="guide.index.body" />
      <p className="mt-4 text-sm text-neutral-500 dark:text-neutral-400">
        <FormattedMessage id="guide.index.count" values={{ count: guides.length }} />
      </p>
      {guideGroups.map((group) => {
        const list = guides.filter((g) => g.group === group)
        if (!list.length) return null
        return (
          <section key={group} aria-labelledby={`group-${group}`} className="mt-10">
            <h2 id={`group-${group}`} className="text-lg font-semibold text-neutral-900 dark:text-white">
              <FormattedMessage id={`guide.group.${group}` as MessageId} />
            </h2>
            <ol className="mt-3 grid gap-3 sm:grid-cols-2">
              {list.map((g) => (
                <li key={g.slug}>
                  <Link
                    href={`/guide/${g.slug}`}
                    className="group block h-full rounded-xl border border-neutral-200 bg-white p-5 transition-colors hover:border-primary-600 dark:border-neutral-800 dark:bg-neutral-900"
                  >
                    <span className="flex items-center justify-between gap-2 font-semibold text-neutral-900 group-hover:text-primary-700 dark:text-white dark:group-hover:text-primary-400">
                      {g.title}
                      <span className="i-lucide-arrow-right size-4 shrink-0 flip-rtl" aria-hidden="true" />
                    </span>
                    <span className="mt-1 block text-sm text-neutral-600 dark:text-neutral-400">{g.description}</span>
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
