// What decides a card's pixels besides its text, named without loading anything: the faces it draws
// with (files of the @fontsource packages, the same as the site's, build/css.ts `faces`), the
// packages that shape and rasterize, and the card code itself. ./key.ts hashes their bytes.

/** The faces a card draws with, per script and weight: the site's own (build/css.ts `faces`). */
export const cardFaceFiles = {
  latin: {
    400: ['@fontsource/inter/files/inter-latin-400-normal.woff2'],
    700: ['@fontsource/inter/files/inter-latin-700-normal.woff2'],
  },
  // Declared as the stylesheet declares them: where two cover a character (the space), the last wins.
  arabic: {
    400: [
      '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-400-normal.woff2',
      '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2',
    ],
    700: [
      '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-700-normal.woff2',
      '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff2',
    ],
  },
} as const

/** The packages whose version changes what a card looks like. */
export const cardPackages = [
  'harfbuzzjs',
  'bidi-js',
  '@resvg/resvg-wasm',
  'fontverter',
  '@iconify-json/lucide',
] as const
