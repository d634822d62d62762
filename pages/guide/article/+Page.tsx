import { FormattedMessage, useIntl } from 'react-intl'
import { useData } from 'vike-react/useData'
import { Link } from '../../../renderer/components/Link'
import type { MessageId } from '../../../locales/messages'
import type { PageData } from '../../../renderer/pageData'

export default function Page() {
  const { guide } = useData<PageData>()
  const intl = useIntl()
  if (!guide) throw new Error('Guide article without its data')
  return (
    // One table of contents: above the text on small screens, a sticky second column from lg.
    <article className="lg:grid lg:grid-cols-[minmax(0,48rem)_15rem] lg:gap-x-12">
      <div className="min-w-0">
        <nav aria-label={intl.formatMessage({ id: 'guide.article.breadcrumb' })} className="text-sm">
          <Link
            href="/guide"
            className="inline-flex items-center gap-1 text-primary-700 hover:underline dark:text-primary-400"
          >
            <span className="i-lucide-arrow-left size-4 flip-rtl" aria-hidden="true" />
            <FormattedMessage id="guide.article.backToIndex" />
          </Link>
          <span className="mx-2 text-neutral-400" aria-hidden="true">
            /
          </span>
          <span className="text-neutral-500 dark:text-neutral-400">
            <FormattedMessage id={`guide.group.${guide.group}` as MessageId} />
          </span>
        </nav>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-neutral-900 sm:text-4xl dark:text-white">
          {guide.title}
        </h1>
        <p className="mt-3 text-lg text-neutral-600 dark:text-neutral-300">{guide.description}</p>
      </div>
      {guide.toc.length > 0 && (
        <nav aria-labelledby="toc-title" className="toc mt-8 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0">
          <div className="rounded-xl border border-neutral-200 p-4 lg:sticky lg:top-6 lg:border-0 lg:p-0 dark:border-neutral-800">
            <h2 id="toc-title" className="text-sm font-semibold text-neutral-900 dark:text-white">
              <FormattedMessage id="guide.article.toc" />
            </h2>
            <ol className="mt-2 grid gap-1.5 text-sm">
              {guide.toc.map((t) => (
                <li key={t.id} className={t.depth === 3 ? 'ps-4' : ''}>
                  <a
                    href={`#${t.id}`}
                    className="text-neutral-600 hover:text-primary-700 dark:text-neutral-400 dark:hover:text-primary-400"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: a heading of the repository's own Markdown, rendered at build time (build/guides.ts)
                    dangerouslySetInnerHTML={{ __html: t.html }}
                  />
                </li>
              ))}
            </ol>
          </div>
        </nav>
      )}
      <div className="min-w-0">
        <div
          className="guide-prose mt-8"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the repository's own Markdown, rendered at build time (build/guides.ts)
          dangerouslySetInnerHTML={{ __html: guide.html }}
        />
        <nav
          aria-label={intl.formatMessage({ id: 'guide.article.pager' })}
          className="mt-12 grid gap-4 border-t border-neutral-200 pt-6 sm:grid-cols-2 dark:border-neutral-800"
        >
          {guide.previous ? (
            <Link
              href={`/guide/${guide.previous.slug}`}
              rel="prev"
              className="rounded-xl border border-neutral-200 p-4 hover:border-primary-600 dark:border-neutral-800"
            >
              <span className="flex items-center gap-1 text-sm text-neutral-500 dark:text-neutral-400">
                <span className="i-lucide-arrow-left size-4 flip-rtl" aria-hidden="true" />
                <FormattedMessage id="guide.article.previous" />
              </span>
              <span className="mt-1 block font-semibold text-neutral-900 dark:text-white">{guide.previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {guide.next && (
            <Link
              href={`/guide/${guide.next.slug}`}
              rel="next"
              className="rounded-xl border border-neutral-200 p-4 text-end hover:border-primary-600 dark:border-neutral-800"
            >
              <span className="flex items-center justify-end gap-1 text-sm text-neutral-500 dark:text-neutral-400">
                <FormattedMessage id="guide.article.next" />
                <span className="i-lucide-arrow-right size-4 flip-rtl" aria-hidden="true" />
              </span>
              <span className="mt-1 block font-semibold text-neutral-900 dark:text-white">{guide.next.title}</span>
            </Link>
          )}
        </nav>
      </div>
    </article>
  )
}
