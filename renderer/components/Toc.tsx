import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../locales/messages'

/**
 * An article's table of contents (a guide's, the privacy notice's): above the text on small screens,
 * a sticky second column from lg (uno.config.ts `guide-*`). `children` are its `<li>` entries.
 */
export function Toc({ title, children }: { title: MessageId; children: ReactNode }) {
  return (
    <nav aria-labelledby="toc-title" className="toc guide-toc">
      <div className="guide-toc-box">
        <h2 id="toc-title" className="text-sm ink-strong">
          <FormattedMessage id={title} />
        </h2>
        <ol className="mt-2 grid gap-1.5 text-sm">{children}</ol>
      </div>
    </nav>
  )
}
