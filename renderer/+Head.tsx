// https://vike.dev/Head: HTML-only tags, for crawlers and the first paint.
import { usePageContext } from 'vike-react/usePageContext'
import { CARD_HEIGHT, CARD_WIDTH } from '../build/cards/key'
import { site } from '../site.config'
import { webManifestPath } from './brand/files'
import { locales } from '../locales/locales'
import { BOOT_SCRIPT_ID, bootScript, needsBootScript } from './bootScript'
import { errorStatus } from './pageIntl'
import { pageLinks } from './shared/pageLinks'

export default function Head() {
  const pageContext = usePageContext()
  const { locale } = pageContext
  const pathname = new URL(pageContext.urlLogical, 'http://x').pathname
  const isError = errorStatus(pageContext) !== null
  const links = pageLinks(pathname, locale, site.origin)
  return (
    <>
      {/* The locale boot script, where it has work before the first paint: detection on `/`, the
          language of the one 404.html. build/readPage.ts `headSplices` puts it first in <head>. Elsewhere the
          runtime writes the cookie (renderer/client/start.ts). */}
      {needsBootScript(pathname, locale, isError) && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own minified script, allowed by the CSP by its hash
        <script id={BOOT_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: bootScript() }} />
      )}
      {/* The runtime reads the build from here: no build id is compiled into the assets. */}
      <meta name="build-id" content={process.env.BUILD_ID ?? 'dev'} />
      <meta name="theme-color" content={site.themeColor} />
      {/* The phone's home-screen icon and the language's web app manifest (renderer/brand/files.ts). */}
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <link rel="manifest" href={webManifestPath(locale)} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name[locale]} />
      <meta property="og:locale" content={locales.find((l) => l.code === locale)!.language.replace('-', '_')} />
      {locales
        .filter((l) => l.code !== locale)
        .map((l) => (
          <meta key={l.code} property="og:locale:alternate" content={l.language.replace('-', '_')} />
        ))}
      {/* The page's social card (docs/cards.md), drawn by the post-build: a page head tag each
          (renderer/shared/payload.ts `isPageHeadTag`), so a navigation replaces them. */}
      <meta property="og:image" content={pageContext.card.url} />
      <meta property="og:image:width" content={String(CARD_WIDTH)} />
      <meta property="og:image:height" content={String(CARD_HEIGHT)} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:alt" content={pageContext.card.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      {isError ? (
        <meta name="robots" content="noindex" />
      ) : (
        <>
          <link rel="canonical" href={links.canonical} />
          <meta property="og:url" content={links.canonical} />
          {links.alternates.map((a) => (
            <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
          ))}
        </>
      )}
    </>
  )
}
