// `npx cdk synth` / `npx cdk deploy --all` in infra/ (docs/aws.md): the production stacks of
// ./stack.ts, with the operator's settings from CDK context (`-c domain=www.rasid.example`) or the
// environment (`RASID_DOMAIN`), never from the code. Offline: no lookups, no account needed.
import { App } from 'aws-cdk-lib'
import { rasid, settingsFrom } from './stack'

const app = new App()
const environment: Record<string, string | undefined> = {
  region: process.env.RASID_REGION,
  stage: process.env.RASID_STAGE,
  domain: process.env.RASID_DOMAIN,
  certificateArn: process.env.RASID_CERTIFICATE_ARN,
  alarmEmail: process.env.RASID_ALARM_EMAIL,
  siteOrigin: process.env.RASID_SITE_ORIGIN,
  leadWebhookUrl: process.env.RASID_LEAD_WEBHOOK_URL,
  secretPrefix: process.env.RASID_SECRET_PREFIX,
}
rasid(
  app,
  settingsFrom((name) => (app.node.tryGetContext(name) as string | undefined) ?? environment[name]),
)
app.synth()
