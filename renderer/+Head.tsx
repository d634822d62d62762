// https://vike.dev/Head: HTML-only tags, for crawlers and the first paint.
import { usePageContext } from 'vike-react/usePageContext'
import { site } from '../site.config'
import { localizePath } from '../locales/localizePath'
import { locales } from '../locales/locales'
import { bootScript } from './bootScript'
import { errorStatus } from './pageIntl'

export default function Head() {
  const pageContext = usePageContext()
  const { locale } = pageContext
  const pathname = new URL(pageContext.urlLogical, 'http://x').pathname
  const isError = errorStatus(pageContext) !== null
  const href = (l: typeof locale) => site.origin + localizePath(pathname, l)
  return (
    <>
      <script id="boot" dangerouslySetInnerHTML={{ __html: bootScript() }} />
      {/* The runtime reads the build from here: no build id is compiled into the assets. */}
      <meta name="build-id" content={process.env.BUILD_ID ?? 'dev'} />
      <meta name="theme-color" content={site.themeColor} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name[locale]} />
      <meta property="og:locale" content={locales.find((l) => l.code === locale)!.language.replace('-', '_')} />
      {locales.filter((l) => l.code !== locale).map((l) => (
        <meta key={l.code} property="og:locale:alternate" content={l.language.replace('-', '_')} />
      ))}
      {isError ? (
        <meta name="robots" content="noindex" />
      ) : (
        <>
          <link rel="canonical" href={href(locale)} />
          <meta property="og:url" content={href(locale)} />
          {locales.map((l) => (
            <link key={l.code} rel="alternate" hrefLang={l.language} href={href(l.code)} />
          ))}
          <link rel="alternate" hrefLang="x-default" href={href('en')} />
        </>
      )}
    </>
  )
}
