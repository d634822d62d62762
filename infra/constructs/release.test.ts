// The API's release (./release.ts): CodeDeploy's canary, rolled back by the release's alarms.
import { Match, type Template } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { settingsFrom } from '../settings'
import { prod, staging, synth, prodContext, resources, only, idOf, idStartingWith, type Resource } from '../testing'

describe('the API’s release', () => {
  const group = (t: Template) => only(t, 'AWS::CodeDeploy::DeploymentGroup')

  it('shifts production’s traffic by CodeDeploy’s canary, rolled back by its error alarms, a failure or a stop', () => {
    const [groupId, { Properties: props }] = group(prod.site)
    const alarm = (prefix: string) => idStartingWith(prod.site, 'AWS::CloudWatch::Alarm', prefix)
    expect(props).toMatchObject({
      DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
      DeploymentStyle: { DeploymentType: 'BLUE_GREEN', DeploymentOption: 'WITH_TRAFFIC_CONTROL' },
      AlarmConfiguration: {
        Enabled: true,
        Alarms: [{ Name: { Ref: alarm('ApiReleaseErrors') } }, { Name: { Ref: alarm('Api5xx') } }],
      },
      AutoRollbackConfiguration: {
        Enabled: true,
        Events: expect.arrayContaining([
          'DEPLOYMENT_FAILURE',
          'DEPLOYMENT_STOP_ON_ALARM',
          'DEPLOYMENT_STOP_ON_REQUEST',
        ]),
      },
    })
    prod.site.resourceCountIs('AWS::CodeDeploy::Application', 1)
    prod.site.hasResourceProperties('AWS::CodeDeploy::Application', { ComputePlatform: 'Lambda' })
    // The alias hands its version change to CodeDeploy.
    const application = idOf(prod.site, 'AWS::CodeDeploy::Application')
    prod.site.hasResource('AWS::Lambda::Alias', {
      Properties: Match.objectLike({ Name: 'live' }),
      UpdatePolicy: {
        CodeDeployLambdaAliasUpdate: { ApplicationName: { Ref: application }, DeploymentGroupName: { Ref: groupId } },
      },
    })
    expect(Object.keys(prod.site.findOutputs('ApiReleaseGroup'))).toHaveLength(1)
  })

  it('watches the errors of the version being released, through the alias, before the shift starts', () => {
    const version = idOf(prod.site, 'AWS::Lambda::Version')
    const api = resources(prod.site, 'AWS::Lambda::Function').find(([id]) => id.startsWith('Api'))![0]
    const alarm = idStartingWith(prod.site, 'AWS::CloudWatch::Alarm', 'ApiReleaseErrors')
    expect((prod.site.toJSON().Resources as Record<string, Resource>)[alarm]!.Properties).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: [
        { Name: 'ExecutedVersion', Value: { 'Fn::GetAtt': [version, 'Version'] } },
        { Name: 'FunctionName', Value: { Ref: api } },
        { Name: 'Resource', Value: { 'Fn::Join': ['', [{ Ref: api }, ':live']] } },
      ],
      Period: 60,
      Threshold: 1,
    })
    const [, alias] = only(prod.site, 'AWS::Lambda::Alias')
    expect((alias as Resource & { DependsOn?: string[] }).DependsOn).toContain(alarm)
  })

  it('goes all at once on staging, and on production when asked (a fix while the live version fails)', () => {
    for (const t of [staging.site, synth({ ...prodContext, apiRelease: 'all-at-once' }).site]) {
      const [, { Properties: props }] = group(t)
      expect(props).toMatchObject({
        DeploymentConfigName: 'CodeDeployDefault.LambdaAllAtOnce',
        AlarmConfiguration: { Enabled: false },
        AutoRollbackConfiguration: { Enabled: true, Events: ['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_REQUEST'] },
      })
    }
    expect(() => settingsFrom((n) => ({ apiRelease: 'linear' })[n])).toThrow(/apiRelease must be canary or all-at-once/)
  })
})
