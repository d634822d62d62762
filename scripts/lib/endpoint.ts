// An S3 or key value store endpoint an operator names (`npm run deploy --endpoint`, `--kvs-endpoint`;
// `npm run status --endpoint`, S3_ENDPOINT): http(s), a host, perhaps a port and a path. Credentials
// come from the AWS chain only, so a user or password in the URL is refused, and so are a query and a
// fragment; a refusal never repeats a value that may hold a secret.
import { UsageError } from './cli/command'
import { words } from './cli/words'
import type { Locale } from '../../locales/locales'

/** Throws a UsageError in both languages naming `setting` (`--endpoint`, `S3_ENDPOINT`) when `value` is not one. */
export function checkEndpoint(setting: string, value: string) {
  // An option keeps its dashes in front in Arabic.
  const named = (lang: Locale) => ({
    setting: lang === 'ar' && setting.startsWith('-') ? `\u200E${setting}` : setting,
    value,
  })
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {}
  if (value.includes('@') || url?.username || url?.password) throw new UsageError(words('endpoint.credentials', named))
  if (url?.search || url?.hash || value.includes('?') || value.includes('#'))
    throw new UsageError(words('endpoint.query', named))
  if (!url || !/^https?:$/.test(url.protocol) || !url.host) throw new UsageError(words('endpoint.notUrl', named))
}
