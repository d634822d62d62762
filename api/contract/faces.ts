// The site's self-hosted font faces, by script: what the build subsets and links (build/css.ts)
// and what the sandbox hosted payment page serves itself (api/server/checkout/fonts.ts), so that
// the page a buyer pays on draws its Arabic in the site's face. Data only.

const latin =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD'
const arabic =
  'U+0020,U+00A0,U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC'

/** The self-hosted faces: Inter for the Latin pages, IBM Plex Sans Arabic (its Arabic and its Latin) for the Arabic ones. */
export const faces = [
  {
    family: 'Inter',
    file: '@fontsource/inter/files/inter-latin-400-normal.woff2',
    weight: 400,
    range: latin,
    script: 'latin',
  },
  // SemiBold: buttons, labels, table heads and the current link (headings stay Bold). Latin only:
  // an Arabic page's third file (16 KB) made its largest paint 1.06-1.10x its English page's in
  // Lighthouse, so Arabic semibold text takes the Bold face, as the browser matches weights.
  {
    family: 'Inter',
    file: '@fontsource/inter/files/inter-latin-600-normal.woff2',
    weight: 600,
    range: latin,
    script: 'latin',
  },
  {
    family: 'Inter',
    file: '@fontsource/inter/files/inter-latin-700-normal.woff2',
    weight: 700,
    range: latin,
    script: 'latin',
  },
  // The Latin of IBM Plex Sans Arabic, for the digits, punctuation and Latin names of Arabic pages
  // (their font-family puts it before Inter). Preloaded with the Arabic faces: without it, a first
  // visit drew them in the system font (Inter, not preloaded there, comes too late for
  // `font-display: optional`); tests/e2e/fonts.spec.ts checks the faces Chromium draws with.
  // Declared before the Arabic faces, which also cover the space: where two faces of a family cover
  // a character, the browser takes the last declared, so Arabic words and the spaces between them
  // come from one face.
  {
    family: 'IBM Plex Sans Arabic',
    file: '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-400-normal.woff2',
    weight: 400,
    range: latin,
    script: 'arabic',
  },
  {
    family: 'IBM Plex Sans Arabic',
    file: '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-700-normal.woff2',
    weight: 700,
    range: latin,
    script: 'arabic',
  },
  {
    family: 'IBM Plex Sans Arabic',
    file: '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2',
    weight: 400,
    range: arabic,
    script: 'arabic',
  },
  {
    family: 'IBM Plex Sans Arabic',
    file: '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff2',
    weight: 700,
    range: arabic,
    script: 'arabic',
  },
] as const

/**
 * The site's stylesheet draws IBM Plex Sans Arabic from its complete font, one file per weight that
 * holds both its Latin and its Arabic (build/css.ts cuts each to what the pages show): an Arabic page
 * preloads two font files, as an English page does, not four (two more requests make
 * `/ar/pricing`'s largest paint 1.11x `/pricing`'s). The same font as the @fontsource files
 * above (Google Fonts' build, version 1.101, the same metrics), from @expo-google-fonts (its
 * TrueType files, SIL OFL 1.1). The cards and the hosted payment page keep the split files.
 */
export const completeFaces = [
  {
    family: 'IBM Plex Sans Arabic',
    file: '@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf',
    name: 'ibm-plex-sans-arabic-400',
    weight: 400,
  },
  {
    family: 'IBM Plex Sans Arabic',
    file: '@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf',
    name: 'ibm-plex-sans-arabic-700',
    weight: 700,
  },
] as const

/**
 * The faces of the riyal sign alone, for both scripts: neither Inter nor IBM Plex Sans Arabic draws
 * it. From @emran-alhaddad/saudi-riyal-font (SIL OFL 1.1, by Emran Alhaddad: docs/content.md), a
 * regular and a bold; the build cuts each to the sign (build/css.ts), the hosted payment page serves
 * the file as it is (api/server/checkout/fonts.ts) under `name`. Their family is first in the site's
 * stacks; its unicode-range is the sign, so a browser fetches it only for a page that shows one, and
 * the pages that do preload it (build/readPage.ts). `font-display: block`: the sign waits for its
 * face (a kilobyte, preloaded) rather than showing as a missing glyph that `optional` would keep.
 */
export const signFaces = [
  {
    family: 'Rasid Riyal Sign',
    file: '@emran-alhaddad/saudi-riyal-font/fonts/regular/saudi_riyal.woff2',
    name: 'riyal-sign-400',
    weight: 400,
    range: 'U+20C1',
  },
  {
    family: 'Rasid Riyal Sign',
    file: '@emran-alhaddad/saudi-riyal-font/fonts/bold/saudi_riyal.woff2',
    name: 'riyal-sign-700',
    weight: 700,
    range: 'U+20C1',
  },
] as const
