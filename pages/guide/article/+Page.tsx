import { FormattedMessage } from 'react-intl'
import { useData } from 'vike-react/useData'
import { Link } from '../../../renderer/components/Link'
import type { PageData } from '../../../renderer/pageData'

export default function Page() {
  const { guide } = useData<PageData>()
  if (!guide) throw new Error('Guide article without its data')
  return (
    <article className="mx-auto max-w-3xl">
      <Link href="/guide" className="inline-flex items-center gap-1 text-sm text-primary-700 hover:underline">
        <span className="i-lucide-arrow-left size-4 flip-rtl" aria-hidden="true" />
        <FormattedMessage id="guide.article.backToIndex" />
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{guide.title}</h1>
      <p className="mt-3 text-lg text-neutral-600 dark:text-neutral-300">{guide.description}</p>
      {/* Rendered from Markdown at build time (build/guides.ts). */}
      <div className="guide-prose mt-8" dangerouslySetInnerHTML={{ __html: guide.html }} />
      <nav className="mt-12 flex justify-between gap-4 border-t border-neutral-200 pt-6 dark:border-neutral-800">
        {guide.previous ? (
          <Link href={`/guide/${guide.previous.slug}`} rel="prev" className="hover:text-primary-700">
            <span className="block text-sm text-neutral-500"><FormattedMessage id="guide.article.previous" /></span>
            {guide.previous.title}
          </Link>
        ) : <span />}
        {guide.next && (
          <Link href={`/guide/${guide.next.slug}`} rel="next" className="text-end hover:text-primary-700">
            <span className="block text-sm text-neutral-500"><FormattedMessage id="guide.article.next" /></span>
            {guide.next.title}
          </Link>
        )}
      </nav>
    </article>
  )
}
