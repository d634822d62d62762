// Digits typed in Arabic script are accepted wherever the site reads a number or an id, and shown
// Latin (docs/content.md: Western digits in both languages).

/** Arabic-Indic (U+0660-0669) and Eastern Arabic-Indic (U+06F0-06F9) digits as 0-9. */
export function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf))
}
