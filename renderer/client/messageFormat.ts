// ICU MessageFormat without formatjs: the messages a part of the page formats in the browser (the
// status page, ./statusView.ts) arrive parsed at build time into this compact form
// (pages/monitoring/messages.ts makes it from the catalogs' ICU AST), and this interprets them:
// arguments, plural (`=n`, the locale's categories with Intl.PluralRules, `#`) and select. The same
// function formats them at build time, so the prerendered text and the browser's are one. Small on
// purpose (the page's JavaScript budget): the build refuses a message using anything else. Pure.
import { escapeHtml } from '../shared/html'

/**
 * A message: its text alone, or its parts. A part is a literal, `0` for `#` (the innermost
 * plural's number), `[name]` for an argument, `[name, 'p', options]` for a (cardinal) plural,
 * `[name, 's', options]` for a select.
 */
export type Message = string | Part[]
export type Part = string | 0 | [name: string] | [name: string, kind: 'p' | 's', options: Record<string, Message>]

/** Markup the caller made and escaped itself (`<bdi>…</bdi>`): inserted as it is. */
export interface Html {
  html: string
}
export type Value = string | number | Html

export { escapeHtml }

/**
 * `message` with `values`, as HTML: its literals and string values escaped, numbers in the
 * locale's format, Html values as they are. A value missing throws (at build time first: the page
 * is prerendered with the same calls).
 */
export function formatMessage(message: Message, locale: string, values: Record<string, Value> = {}, n = 0): string {
  if (typeof message === 'string') return escapeHtml(message)
  const number = (x: number) => new Intl.NumberFormat(locale).format(x)
  return message
    .map((part) => {
      if (part === 0) return number(n)
      if (typeof part === 'string') return escapeHtml(part)
      const [name, kind, options] = part
      const value = values[name]
      if (value === undefined) throw new Error(name)
      if (!kind)
        return typeof value === 'number' ? number(value) : typeof value === 'string' ? escapeHtml(value) : value.html
      const plural = kind === 'p' ? Number(value) : n
      const chosen =
        options![kind === 's' ? String(value) : `=${plural}`] ??
        (kind === 'p' ? options![new Intl.PluralRules(locale).select(plural)] : undefined) ??
        options!.other
      return chosen === undefined ? '' : formatMessage(chosen, locale, values, plural)
    })
    .join('')
}
