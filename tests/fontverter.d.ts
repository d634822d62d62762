// fontverter ships no types: the one call the font test makes (tests/dist/fonts.test.ts).
declare module 'fontverter' {
  const fontverter: { convert(font: Uint8Array, to: 'truetype' | 'woff' | 'woff2' | 'sfnt'): Promise<Uint8Array> }
  export default fontverter
}
