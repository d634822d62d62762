// The operator's settings (docs/aws.md, "Settings"): what `-c name=value` or the environment gives
// (infra/app.ts reads them), checked here once, and the names that differ between the two stages.
// A setting refused is a SettingsError, which infra/app.ts prints as one line naming it.
import { Aws } from 'aws-cdk-lib'
import * as logs from 'aws-cdk-lib/aws-logs'

/** What the operator gives (context `-c name=value` or the environment); never secrets themselves. */
export interface Settings {
  /**
   * The API's and the data's region: me-south-1 (Bahrain) by default, the nearest to the markets
   * with Lambda function URLs (CloudFormation has no AWS::Lambda::Url in me-central-1, the UAE).
   */
  region: string
  stage: 'production' | 'staging'
  /** The site's host name, e.g. www.rasid.example; without it the distribution has its cloudfront.net name. */
  domain?: string
  /** The ACM certificate for `domain`, in us-east-1. */
  certificateArn?: string
  /**
   * The status host's region (docs/aws.md, "The status host"): its bucket, to which the site's
   * bucket replicates the status document. Never the site's region: the host must survive it.
   */
  statusRegion: string
  /**
   * The status host's name: `status.` and the site's domain without its `www.` by default
   * (`status.rasid.example`); without a domain, its distribution's cloudfront.net name.
   */
  statusDomain?: string
  /** Its ACM certificate, in us-east-1: `certificateArn` by default (one naming both hosts). */
  statusCertificateArn?: string
  /**
   * Who the alarms wake: an email address, a pager's HTTPS endpoint (its SNS integration URL), or
   * both. Production refuses to synthesize with neither (`rasid()`); staging warns.
   */
  alarmEmail?: string
  alarmPagerUrl?: string
  /** The account's monthly cost budget, in whole US dollars (AWS Budgets, docs/aws.md "Cost"). */
  monthlyBudgetUsd: number
  /**
   * How a new version of the API takes the traffic (CodeDeploy; docs/aws.md, "Release the API"):
   * `canary`, 10 % for 5 minutes and then all, rolled back if an alarm fires (production's default);
   * `all-at-once`, at once, with no alarm watch (staging's default; production's fix-forward).
   */
  apiRelease: 'canary' | 'all-at-once'
  /** The site's origin, for the API's links back (SITE_ORIGIN). */
  siteOrigin: string
  /** The CRM's https endpoint (LEAD_WEBHOOK_URL); without it leads are kept, not forwarded. */
  leadWebhookUrl?: string
  /**
   * A URL of the hosted payment page's host, which the status probe checks (PROBE_PAYMENT_URL);
   * without it the probe measures the site and the API only.
   */
  paymentPageUrl?: string
  /**
   * Any new value publishes a new version of the function and moves `live` to it, so that every
   * instance starts cold and reads its secrets again; without it, warm instances keep the values
   * they read until Lambda retires them (docs/aws.md, "Rotate a secret").
   */
  secretsRevision: string
  /** Secrets Manager names of the secrets; their values never enter the template. */
  secretNames: {
    moyasarSecretKey: string
    moyasarWebhookToken: string
    leadWebhookSecret: string
    paymentWebhookSecret: string
    /** Made by the stack itself (a random value): the header CloudFront adds on the webhook's origin. */
    webhookOriginSecret: string
  }
  reservedConcurrency: number
  logRetentionDays: logs.RetentionDays
  tableName: string
}

/** What differs by name between the two stages: production keeps the plain names. */
export function namesOf(stage: Settings['stage']) {
  const production = stage === 'production'
  return {
    stack: (name: string) => (production ? `Rasid${name}` : `RasidStaging${name}`),
    table: production ? 'rasid-api' : 'rasid-api-staging',
    keyAlias: production ? 'alias/rasid-api' : 'alias/rasid-api-staging',
    secretPrefix: production ? 'rasid/api/' : 'rasid/staging/api/',
    dashboard: production ? 'rasid' : 'rasid-staging',
    budget: production ? 'rasid-monthly-cost' : 'rasid-staging-monthly-cost',
    /**
     * The status host's bucket: named from the account and its region, so that the site's stack
     * names it as the replication's destination without a reference to another stack.
     */
    statusBucket: (region: string) => `${production ? 'rasid' : 'rasid-staging'}-status-${Aws.ACCOUNT_ID}-${region}`,
  }
}

/** A setting refused: infra/app.ts prints its message alone, without a stack trace. */
export class SettingsError extends Error {
  override name = 'SettingsError'
}

/** The retention periods CloudWatch Logs accepts (1, 3, 5, 7, 14, 30, 60, 90, … days). */
const retentions = new Set(Object.values(logs.RetentionDays).filter((v) => typeof v === 'number'))

export function settingsFrom(get: (name: string) => string | undefined): Settings {
  const stage = get('stage') ?? 'production'
  if (stage !== 'production' && stage !== 'staging')
    throw new SettingsError(`stage must be production or staging, not ${stage}`)
  const domain = get('domain')
  const certificateArn = get('certificateArn')
  if (domain && !certificateArn)
    throw new SettingsError('domain needs certificateArn (an ACM certificate in us-east-1)')
  const names = namesOf(stage)
  const prefix = get('secretPrefix') ?? names.secretPrefix
  const number = (name: string, fallback: number) => {
    const value = Number(get(name) ?? fallback)
    if (!Number.isInteger(value) || value < 1)
      throw new SettingsError(`${name} must be a whole number, not ${get(name)}`)
    return value
  }
  const logRetentionDays = number('logRetentionDays', 30)
  if (!retentions.has(logRetentionDays))
    throw new SettingsError(`logRetentionDays must be one of ${[...retentions].join(', ')}, not ${logRetentionDays}`)
  const leadWebhookUrl = get('leadWebhookUrl')
  if (leadWebhookUrl && !leadWebhookUrl.startsWith('https://')) throw new SettingsError('leadWebhookUrl must be https')
  const paymentPageUrl = get('paymentPageUrl')
  if (paymentPageUrl && !paymentPageUrl.startsWith('https://')) throw new SettingsError('paymentPageUrl must be https')
  const alarmPagerUrl = get('alarmPagerUrl')
  if (alarmPagerUrl && !(alarmPagerUrl.startsWith('https://') && URL.canParse(alarmPagerUrl)))
    throw new SettingsError(`alarmPagerUrl must be an https:// URL, not ${alarmPagerUrl}`)
  const alarmEmail = get('alarmEmail')
  if (alarmEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail))
    throw new SettingsError(`alarmEmail must be an email address, not ${alarmEmail}`)
  const apiRelease = get('apiRelease') ?? (stage === 'production' ? 'canary' : 'all-at-once')
  if (apiRelease !== 'canary' && apiRelease !== 'all-at-once')
    throw new SettingsError(`apiRelease must be canary or all-at-once, not ${apiRelease}`)
  const region = get('region') ?? 'me-south-1'
  const statusRegion = get('statusRegion') ?? 'eu-central-1'
  if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(statusRegion))
    throw new SettingsError(`statusRegion must be an AWS region, not ${statusRegion}`)
  if (statusRegion === region)
    throw new SettingsError(
      `statusRegion must differ from region (${region}): the status host must survive the site's region`,
    )
  const statusDomain = get('statusDomain') ?? (domain ? `status.${domain.replace(/^www\./, '')}` : undefined)
  const statusCertificateArn = get('statusCertificateArn') ?? certificateArn
  if (statusDomain && !statusCertificateArn)
    throw new SettingsError('statusDomain needs statusCertificateArn (an ACM certificate in us-east-1)')
  return {
    region,
    stage,
    domain,
    certificateArn,
    statusRegion,
    statusDomain,
    statusCertificateArn,
    alarmEmail,
    alarmPagerUrl,
    monthlyBudgetUsd: number('monthlyBudgetUsd', 100),
    apiRelease,
    siteOrigin: get('siteOrigin') ?? `https://${domain ?? 'www.rasid.example'}`,
    leadWebhookUrl,
    paymentPageUrl,
    secretsRevision: get('secretsRevision') ?? '1',
    secretNames: {
      moyasarSecretKey: `${prefix}moyasar-secret-key`,
      moyasarWebhookToken: `${prefix}moyasar-webhook-token`,
      leadWebhookSecret: `${prefix}lead-webhook-secret`,
      paymentWebhookSecret: `${prefix}payment-webhook-secret`,
      webhookOriginSecret: `${prefix}webhook-origin-secret`,
    },
    reservedConcurrency: number('reservedConcurrency', 50),
    logRetentionDays,
    tableName: get('tableName') ?? names.table,
  }
}

/** The settings that say who an alarm wakes, as the refusal names them. */
export const alarmDestinations = 'alarmEmail (RASID_ALARM_EMAIL) or alarmPagerUrl (RASID_ALARM_PAGER_URL)'
