import { FormattedMessage, useIntl } from 'react-intl'
import { type GuideSummary, groupMessage, guideGroups } from '../../../build/guides'
import { Link } from '../../../renderer/components/Link'

/** At most this many articles of a section in the sidebar: the ones around the current page. */
const PER_SECTION = 10

/** The section's articles the sidebar lists, the current one among them; `more` when some are left out. */
export function sectionWindow(list: GuideSummary[], current: string): { shown: GuideSummary[]; more: boolean } {
  if (list.length <= PER_SECTION) return { shown: list, more: false }
  const at = Math.max(
    0,
    list.findIndex((g) => g.slug === current),
  )
  const start = Math.min(Math.max(0, at - Math.floor(PER_SECTION / 2)), list.length - PER_SECTION)
  return { shown: list.slice(start, start + PER_SECTION), more: true }
}

/**
 * The guides' sidebar: every section of the docs tree, in order; the current page's section with
 * its articles, the current one marked, and each other section as one link to its first article,
 * so that a page's size grows with its own section and not with the whole tree. On the start side
 * from lg (renderer/styles/guide.css `docs-*`); on a phone a "Guides" disclosure above the article.
 * A long section lists the articles around the current one and links to the rest on the index.
 */
export function GuideNav({ guides, current }: { guides: GuideSummary[]; current: string }) {
  const intl = useIntl()
  return (
    <nav aria-labelledby="docs-nav-title" className="docs-nav">
      <details className="group docs-nav-box">
        <summary id="docs-nav-title" className="docs-nav-summary">
          <span className="i-lucide-book-open size-4" aria-hidden="true" />
          <FormattedMessage id="guide.nav.title" />
          <span className="i-lucide-chevron-down faq-chevron ms-auto" aria-hidden="true" />
        </summary>
        {/* On a wide screen the list scrolls in its own box when it is taller than the window: in
            the tab order, so a keyboard can scroll it (WCAG 2.1.1). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
        <div className="docs-nav-list" tabIndex={0}>
          {guideGroups.map((group) => {
            const list = guides.filter((g) => g.group === group)
            if (!list.length) return null
            const name = intl.formatMessage({ id: groupMessage(group) })
            if (!list.some((g) => g.slug === current))
              return (
                <p key={group} className="docs-nav-section docs-nav-group">
                  <Link href={`/guide/${list[0]!.slug}`}>{name}</Link>
                </p>
              )
            const { shown, more } = sectionWindow(list, current)
            return (
              <div key={group} className="docs-nav-section">
                <p id={`docs-nav-${group}`} className="docs-nav-group">
                  {name}
                </p>
                <ul aria-labelledby={`docs-nav-${group}`}>
                  {shown.map((g) => (
                    <li key={g.slug}>
                      {/* Marked `aria-current="page"` on its own page by Link; no class: each is on every article. */}
                      <Link href={`/guide/${g.slug}`}>{g.title}</Link>
                    </li>
                  ))}
                  {more && (
                    <li>
                      <Link href={`/guide#group-${group}`} className="docs-nav-more">
                        <FormattedMessage id="guide.nav.more" values={{ section: name }} />
                      </Link>
                    </li>
                  )}
                </ul>
              </div>
            )
          })}
        </div>
      </details>
    </nav>
  )
}
