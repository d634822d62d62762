// The incidents feed of the page's language (docs/status.md), for feed readers that look in the head.
// Head renders outside the page's IntlProvider: the title comes from the catalogs themselves.
import { usePageContext } from 'vike-react/usePageContext'
import { statusPaths } from '../../api/contract/status'
import ar from '../../locales/ar.json'
import en from '../../locales/en.json'
import { site } from '../../site.config'

export default function Head() {
  // The document and its feeds are in English and Arabic; another locale links the English one.
  const lang = usePageContext().locale === 'ar' ? 'ar' : 'en'
  return (
    <link
      rel="alternate"
      type="application/atom+xml"
      title={{ en, ar }[lang]['monitoring.feed.title']}
      href={`${site.origin}${statusPaths.feed[lang]}`}
    />
  )
}
