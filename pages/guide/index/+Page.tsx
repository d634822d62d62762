import { FormattedMessage } from 'react-intl'
import { useData } from 'vike-react/useData'
import { Link } from '../../../renderer/components/Link'
import { PageHero } from '../../../renderer/components/PageHero'
import type { PageData } from '../../../renderer/pageData'

export default function Page() {
  const { guides = [] } = useData<PageData>()
  return (
    <>
      <PageHero title="guide.index.title" body="guide.index.body" />
      <p className="mt-6 text-sm text-neutral-500">
        <FormattedMessage id="guide.index.count" values={{ count: guides.length }} />
      </p>
      <ol className="mt-4 grid gap-3 sm:grid-cols-2">
        {guides.map((g) => (
          <li key={g.slug}>
            <Link href={`/guide/${g.slug}`} className="block h-full rounded-xl border border-neutral-200 p-5 hover:border-primary-600 dark:border-neutral-800">
              <span className="font-semibold text-neutral-900 dark:text-white">{g.title}</span>
              <span className="mt-1 block text-neutral-600 dark:text-neutral-400">{g.description}</span>
            </Link>
          </li>
        ))}
      </ol>
    </>
  )
}
