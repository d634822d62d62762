// Production's secrets, read from Secrets Manager at a Lambda's cold start (security review 5, L5;
// docs/aws.md, "Secrets"): the function's environment holds only each secret's name, in
// `<SETTING>_SECRET_ID` (MOYASAR_SECRET_KEY_SECRET_ID=rasid/api/moyasar-secret-key), never its
// value, so neither the function's configuration nor its published versions hold one. The value
// comes from the AWS Parameters and Secrets Lambda Extension, a layer of the function: an HTTP
// server on localhost inside the instance (PARAMETERS_SECRETS_EXTENSION_HTTP_PORT, 2773 by default)
// that answers `GET /secretsmanager/get?secretId=<name>` with Secrets Manager's GetSecretValue answer
// to the instance's own token (`X-Aws-Parameters-Secrets-Token: $AWS_SESSION_TOKEN`), with the
// function's role; no SDK client here. The Node server (`npm run api`) reads values from its
// environment, as before; a failed read refuses the start like a missing setting (config.ts).
import { ConfigError, type Refusal } from './config'

/** The settings that may come from Secrets Manager: the deployment secrets of config.ts, and the edge's. */
export const secretSettings = [
  'MOYASAR_SECRET_KEY',
  'MOYASAR_WEBHOOK_TOKEN',
  'PAYMENT_WEBHOOK_SECRET',
  'LEAD_WEBHOOK_SECRET',
  // The header CloudFront adds on the webhook's origin (edgeOrigin.ts).
  'WEBHOOK_ORIGIN_SECRET',
] as const
export type SecretSetting = (typeof secretSettings)[number]

/** The variable that names a setting's secret: `MOYASAR_SECRET_KEY_SECRET_ID`. */
export const secretIdVariable = (setting: SecretSetting) => `${setting}_SECRET_ID`

type Env = Record<string, string | undefined>

/** How long one read may take: the extension asks Secrets Manager on a cold start. */
const readTimeoutMs = 5000

/** Why a secret could not be read: a short reason, never a value. */
type Failure = { en: string; ar: string }

async function readSecret(env: Env, id: string): Promise<string | Failure> {
  const port = env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT || '2773'
  const token = env.AWS_SESSION_TOKEN
  if (!token)
    return {
      en: 'AWS_SESSION_TOKEN is not set, which the Parameters and Secrets extension asks for',
      ar: 'لم يُضبط AWS_SESSION_TOKEN الذي تطلبه إضافة Parameters and Secrets',
    }
  let answer: Response
  try {
    answer = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(id)}`, {
      headers: { 'X-Aws-Parameters-Secrets-Token': token },
      signal: AbortSignal.timeout(readTimeoutMs),
    })
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name
    return {
      en: `the Parameters and Secrets extension did not answer on port ${port} (${code}): is its layer on the function?`,
      ar: `لم تُجب إضافة Parameters and Secrets على المنفذ ${port} (${code}): هل طبقتها مضافة إلى الدالة؟`,
    }
  }
  const text = await answer.text().catch(() => '')
  if (!answer.ok) {
    // The extension passes on Secrets Manager's error type (ResourceNotFoundException,
    // AccessDeniedException…): the type only, the rest of its answer may be long.
    const type = /\b([A-Za-z]+Exception)\b/.exec(text)?.[1]
    return {
      en: `Secrets Manager answered ${answer.status}${type ? ` ${type}` : ''}: check that it exists and the function's role may read it`,
      ar: `أجابت Secrets Manager بالرمز ${answer.status}${type ? ` (${type})` : ''}: تحقّق من وجوده ومن أن دور الدالة يملك صلاحية قراءته`,
    }
  }
  let value: unknown
  try {
    value = (JSON.parse(text) as { SecretString?: unknown }).SecretString
  } catch {}
  if (typeof value !== 'string' || value === '')
    return {
      en: 'holds no text (SecretString): store the value as a plain string',
      ar: 'لا يحوي نصًّا (SecretString): خزّن القيمة نصًّا عاديًّا',
    }
  return value
}

/**
 * `env` with each `<SETTING>_SECRET_ID` replaced by its secret's value under `<SETTING>`, read in
 * parallel; unchanged when it names none. A secret that cannot be read, or a setting given both as a
 * value and as a secret, is a ConfigError naming the setting in both languages, every one at once.
 */
export async function resolveSecrets(env: Env): Promise<Env> {
  const wanted = secretSettings.flatMap((setting) => {
    const id = env[secretIdVariable(setting)]
    return id ? [{ setting, id }] : []
  })
  if (wanted.length === 0) return env
  const refusals: Refusal[] = []
  const resolved: Env = { ...env }
  const reads = await Promise.all(wanted.map(({ id }) => readSecret(env, id)))
  for (const [i, { setting, id }] of wanted.entries()) {
    const read = reads[i]!
    if (env[setting])
      refusals.push({
        setting,
        en: `is set both as a value and as a secret (${secretIdVariable(setting)}): keep the secret`,
        ar: `ضُبط قيمةً وسرًّا معًا (${secretIdVariable(setting)})، فأبقِ السر وحده`,
      })
    else if (typeof read === 'string') resolved[setting] = read
    else
      refusals.push({
        setting,
        en: `could not be read from Secrets Manager (${id}): ${read.en}`,
        ar: `تعذّرت قراءته من Secrets Manager (${id}): ${read.ar}`,
      })
  }
  if (refusals.length > 0) throw new ConfigError(refusals)
  return resolved
}
