import { FormattedMessage, useIntl } from 'react-intl'
import { useData } from 'vike-react/useData'
import { GuideSearch } from '../../../renderer/components/GuideSearch'
import { Link } from '../../../renderer/components/Link'
import { Toc } from '../../../renderer/components/Toc'
import { groupMessage } from '../../../build/guides'
import { GuideNav } from './GuideNav'
import type { PageData } from '../../../renderer/pageData'

// The article's classes are shortcuts (uno.config.ts `guide-*`): they are on every guide page, where
// the utilities would cost each page a few kilobytes of HTML.
export default function Page() {
  const { guide, guides = [] } = useData<PageData>()
  const intl = useIntl()
  if (!guide) throw new Error('Guide article without its data')
  const { html } = guide
  // The copy buttons' words, once, on the element that holds them all (renderer/client/codeCopy.ts).
  const copyTexts = html.includes('class="code-copy"')
    ? {
        'data-copy': intl.formatMessage({ id: 'guide.code.copy' }),
        'data-copied': intl.formatMessage({ id: 'guide.code.copied' }),
        'data-failed': intl.formatMessage({ id: 'guide.code.copyFailed' }),
      }
    : {}
  return (
    // The sidebar on the start side from lg, the table of contents on the end side from xl; on a
    // phone both above the text (renderer/styles/guide.css `docs-*`).
    <article className="docs-layout">
      <div className="docs-head">
        {/* The guides' search in a bar above the article, not between its lead and its text. */}
        <div className="guide-bar">
          <GuideSearch />
        </div>
        <nav aria-label={intl.formatMessage({ id: 'guide.article.breadcrumb' })} className="mt-6 text-sm">
          <Link href="/guide" className="guide-back">
            <span className="i-lucide-arrow-left guide-arrow" aria-hidden="true" />
            <FormattedMessage id="guide.article.backToIndex" />
          </Link>
          <span className="guide-crumb-sep" aria-hidden="true">
            /
          </span>
          <span className="guide-crumb">
            <FormattedMessage id={groupMessage(guide.group)} />
          </span>
        </nav>
        <h1 className="guide-title">{guide.title}</h1>
        <p className="guide-lead">{guide.description}</p>
      </div>
      <GuideNav guides={guides} current={guide.slug} />
      {guide.toc.length > 0 && (
        <Toc title="guide.article.toc">
          {guide.toc.map((t) => (
            <li key={t.id} className={t.depth === 3 ? 'ps-4' : undefined}>
              <a
                href={`#${t.id}`}
                className="guide-toc-link"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: a heading of the repository's own Markdown, rendered at build time (build/guides.ts)
                dangerouslySetInnerHTML={{ __html: t.html }}
              />
            </li>
          ))}
        </Toc>
      )}
      <div className="docs-body">
        <div
          className="guide-prose mt-8"
          {...copyTexts}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the repository's own Markdown, rendered at build time (build/guides.ts)
          dangerouslySetInnerHTML={{ __html: html }}
        />
        <nav aria-label={intl.formatMessage({ id: 'guide.article.pager' })} className="guide-pager">
          {guide.previous ? (
            <Link href={`/guide/${guide.previous.slug}`} rel="prev" className="guide-pager-link">
              <span className="guide-pager-label">
                <span className="i-lucide-arrow-left guide-arrow" aria-hidden="true" />
                <FormattedMessage id="guide.article.previous" />
              </span>
              <span className="guide-pager-title">{guide.previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {guide.next && (
            <Link href={`/guide/${guide.next.slug}`} rel="next" className="guide-pager-link text-end">
              <span className="guide-pager-label justify-end">
                <FormattedMessage id="guide.article.next" />
                <span className="i-lucide-arrow-right guide-arrow" aria-hidden="true" />
              </span>
              <span className="guide-pager-title">{guide.next.title}</span>
            </Link>
          )}
        </nav>
      </div>
    </article>
  )
}
