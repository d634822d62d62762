import type { Locale } from '../locales/locales'
import { areaOfId, shellAreas, type Messages } from '../locales/messages'

// The shell messages (header, footer, error page) last seen per locale, so that an error page
// rendered in the browser has its text without another request.
const shell: Partial<Record<Locale, Messages>> = {}

export function rememberShell(locale: Locale, messages: Messages) {
  const out: Messages = {}
  for (const [id, text] of Object.entries(messages)) {
    if ((shellAreas as readonly string[]).includes(areaOfId(id))) out[id as keyof Messages] = text
  }
  shell[locale] = out
}

export function shellMessages(locale: Locale): Messages | undefined {
  return shell[locale]
}
