// Reads a sitemap.xml (build/sitemap.ts) back, for the unit and dist tests.
export interface SitemapEntry {
  loc: string
  alternates: Record<string, string>
}
/** The <url> entries in document order. */
export function parseSitemap(xml: string): SitemapEntry[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
    loc: /<loc>([^<]*)<\/loc>/.exec(body!)![1]!,
    alternates: Object.fromEntries(
      [...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    ),
  }))
}
