// `npx cdk synth` / `npx cdk deploy --all` in infra/ (docs/aws.md): the stacks of ./stack.ts, with
// the operator's settings from CDK context (`-c domain=www.rasid.example`) or the environment
// (`RASID_DOMAIN`, `RASID_CERTIFICATE_ARN`: the setting's name in capitals), never from the code.
// Offline: no lookups, no account needed. A setting refused (a production synthesis that would
// alarm no one, a URL that is not https) is one line naming it, and exit 1.
import { App } from 'aws-cdk-lib'
import { SettingsError, settingsFrom } from './settings'
import { rasid } from './stack'

const app = new App()
const fromEnvironment = (name: string) => process.env[`RASID_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`]
try {
  rasid(
    app,
    settingsFrom((name) => {
      // A value from cdk.json's context may be a number; -c gives strings.
      const context: unknown = app.node.tryGetContext(name)
      return context === undefined ? fromEnvironment(name) : String(context)
    }),
  )
} catch (error) {
  if (!(error instanceof SettingsError)) throw error
  console.error(`infra: ${error.message} (docs/aws.md, "Settings")`)
  process.exit(1)
}
app.synth()
