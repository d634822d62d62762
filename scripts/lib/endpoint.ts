// An S3 or key value store endpoint an operator names (`npm run deploy --endpoint`, `--kvs-endpoint`;
// `npm run status --endpoint`, S3_ENDPOINT): http(s), a host, perhaps a port and a path. Credentials
// come from the AWS chain only, so a user or password in the URL is refused, and so are a query and a
// fragment (security review 5, I9); a refusal never repeats a value that may hold a secret.
import { UsageError } from '../../api/server/cli'

/** Throws a UsageError in both languages naming `setting` (`--endpoint`, `S3_ENDPOINT`) when `value` is not one. */
export function checkEndpoint(setting: string, value: string) {
  // An option keeps its dashes in front in Arabic.
  const named = { en: setting, ar: setting.startsWith('-') ? `\u200E${setting}` : setting }
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {}
  if (value.includes('@') || url?.username || url?.password)
    throw new UsageError({
      en: `${named.en} must not hold credentials (user:password@): give them the standard AWS way, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or AWS_PROFILE`,
      ar: `يجب ألا يحمل ${named.ar} بيانات اعتماد (user:password@): أعطها بطريقة AWS المعتادة، AWS_ACCESS_KEY_ID وAWS_SECRET_ACCESS_KEY أو AWS_PROFILE`,
    })
  if (url?.search || url?.hash || value.includes('?') || value.includes('#'))
    throw new UsageError({
      en: `${named.en} takes no query or fragment: scheme, host, port, path`,
      ar: `لا يأخذ ${named.ar} استعلامًا ولا جزءًا بعد #: المخطط والمضيف والمنفذ والمسار فقط`,
    })
  if (!url || !/^https?:$/.test(url.protocol) || !url.host)
    throw new UsageError({
      en: `${named.en} wants a URL such as http://127.0.0.1:4569, not "${value}"`,
      ar: `يأخذ ${named.ar} عنوانًا مثل http://127.0.0.1:4569، لا «${value}»`,
    })
}
