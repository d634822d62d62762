// The API's release (docs/aws.md, "Release the API"): CloudFormation publishes the new version and
// hands the alias to CodeDeploy (the alias's UpdatePolicy), which shifts the traffic to it, 10 % for
// 5 minutes and then all (`apiRelease`: canary), and moves the alias back to the old version when
// one of its alarms fires meanwhile, when the deployment fails, or when an operator stops it.
// `all-at-once` (staging's default, and production's fix-forward while the live version is the one
// failing) shifts everything at once and watches no alarm.
import { Duration } from 'aws-cdk-lib'
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch'
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy'
import type * as sns from 'aws-cdk-lib/aws-sns'
import type { Construct } from 'constructs'
import type { Settings } from '../settings'
import { alarm, type SiteAlarms } from './alarms'
import type { Api } from './api'

export class ApiRelease {
  readonly group: codedeploy.LambdaDeploymentGroup

  constructor(
    scope: Construct,
    { settings, topic, api, alarms }: { settings: Settings; topic: sns.ITopic; api: Api; alarms: SiteAlarms },
  ) {
    const { fn, alias } = api
    // The errors of the version being released, through the alias: the old version's do not count.
    const releaseErrors = alarm(
      scope,
      'ApiReleaseErrors',
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'Errors',
        dimensionsMap: {
          FunctionName: fn.functionName,
          Resource: `${fn.functionName}:${alias.aliasName}`,
          ExecutedVersion: alias.version.version,
        },
        statistic: 'Sum',
        period: Duration.minutes(1),
      }),
      1,
      'The API version being released failed through the alias live: CodeDeploy rolls it back (docs/aws.md, "Release the API")',
      topic,
    )
    // The alarm watches the new version before the shift starts.
    alias.node.addDependency(releaseErrors)
    const canary = settings.apiRelease === 'canary'
    this.group = new codedeploy.LambdaDeploymentGroup(scope, 'ApiRelease', {
      alias,
      deploymentConfig: canary
        ? codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES
        : codedeploy.LambdaDeploymentConfig.ALL_AT_ONCE,
      // Api5xx counts every version's answers (a metric filter cannot tell them apart).
      alarms: [releaseErrors, alarms.api5xx.alarm],
      ignoreAlarmConfiguration: !canary,
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: canary },
    })
  }
}
