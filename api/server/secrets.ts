// Production's secrets, read from Secrets Manager at a Lambda's cold start
// (docs/aws.md, "Secrets"): the function's environment holds only each secret's name, in
// `<SETTING>_SECRET_ID` (MOYASAR_SECRET_KEY_SECRET_ID=rasid/api/moyasar-secret-key), never its
// value, so neither the function's configuration nor its published versions hold one. The value
// comes from the AWS Parameters and Secrets Lambda Extension, a layer of the function: an HTTP
// server on localhost inside the instance (PARAMETERS_SECRETS_EXTENSION_HTTP_PORT, 2773 by default)
// that answers `GET /secretsmanager/get?secretId=<name>` with Secrets Manager's GetSecretValue answer
// to the instance's own token (`X-Aws-Parameters-Secrets-Token: $AWS_SESSION_TOKEN`), with the
// function's role; no SDK client here. The Node server (`npm run api`) reads values from its
// environment, as before; a failed read refuses the start like a missing setting (config.ts).
import { type Bilingual, operatorText } from '../../locales/operator'
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
type Failure = Bilingual

/** A secret's value through the extension: its current version, or `AWSPREVIOUS` (the one a rotation replaced). */
export async function readSecret(env: Env, id: string, stage?: 'AWSPREVIOUS'): Promise<string | Failure> {
  const port = env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT || '2773'
  const token = env.AWS_SESSION_TOKEN
  if (!token) return operatorText('secrets.noToken')
  const query = `secretId=${encodeURIComponent(id)}${stage ? `&versionStage=${stage}` : ''}`
  let answer: Response
  try {
    answer = await fetch(`http://localhost:${port}/secretsmanager/get?${query}`, {
      headers: { 'X-Aws-Parameters-Secrets-Token': token },
      signal: AbortSignal.timeout(readTimeoutMs),
    })
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name
    return operatorText('secrets.noAnswer', { port, code })
  }
  const text = await answer.text().catch(() => '')
  if (!answer.ok) {
    // The extension passes on Secrets Manager's error type (ResourceNotFoundException,
    // AccessDeniedException…): the type only, the rest of its answer may be long.
    const type = /\b([A-Za-z]+Exception)\b/.exec(text)?.[1]
    return type
      ? operatorText('secrets.answeredType', { status: answer.status, type })
      : operatorText('secrets.answered', { status: answer.status })
  }
  let value: unknown
  try {
    value = (JSON.parse(text) as { SecretString?: unknown }).SecretString
  } catch {}
  if (typeof value !== 'string' || value === '') return operatorText('secrets.notText')
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
      refusals.push({ setting, ...operatorText('secrets.both', { variable: secretIdVariable(setting) }) })
    else if (typeof read === 'string') resolved[setting] = read
    else refusals.push({ setting, ...operatorText('secrets.unreadable', { id, reason: read }) })
  }
  if (refusals.length > 0) throw new ConfigError(refusals)
  return resolved
}
