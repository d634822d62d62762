// The incidents feed of the page's language (docs/status.md), for feed readers that look in the head.
// Head renders outside the page's IntlProvider: the title comes from the catalogs themselves.
import { usePageContext } from 'vike-react/usePageContext'
import { statusPaths } from '../../api/contract/status'
import ar from '../../locales/ar.json'
import en from '../../locales/en.json'
import { site } from '../../site.config'

export default function Head() {
  const { locale } = usePageContext()
  return (
    <link
      rel="alternate"
      type="application/atom+xml"
      title={{ en, ar }[locale]['monitoring.feed.title']}
      href={`${site.origin}${statusPaths.feed[locale]}`}
    />
  )
}
