// The cost budget (./budget.ts): monthly, in us-east-1, on the edge's alarm topic.
import { Match } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { settingsFrom } from '../settings'
import { prod, staging, synth, prodContext, only, idOf } from '../testing'

describe('the cost budget', () => {
  it('is a monthly cost budget in us-east-1 that writes to the topic and the email at 80 % spent and 100 % forecast', () => {
    const topic = { Ref: idOf(prod.edge, 'AWS::SNS::Topic') }
    const subscribers = [
      { SubscriptionType: 'SNS', Address: topic },
      { SubscriptionType: 'EMAIL', Address: 'ops@rasid.example' },
    ]
    prod.edge.resourceCountIs('AWS::Budgets::Budget', 1)
    prod.site.resourceCountIs('AWS::Budgets::Budget', 0)
    prod.edge.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: {
        BudgetName: 'rasid-monthly-cost',
        BudgetType: 'COST',
        TimeUnit: 'MONTHLY',
        BudgetLimit: { Amount: 100, Unit: 'USD' },
      },
      NotificationsWithSubscribers: [
        {
          Notification: {
            NotificationType: 'ACTUAL',
            ComparisonOperator: 'GREATER_THAN',
            Threshold: 80,
            ThresholdType: 'PERCENTAGE',
          },
          Subscribers: subscribers,
        },
        {
          Notification: {
            NotificationType: 'FORECASTED',
            ComparisonOperator: 'GREATER_THAN',
            Threshold: 100,
            ThresholdType: 'PERCENTAGE',
          },
          Subscribers: subscribers,
        },
      ],
    })
    staging.edge.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({ BudgetName: 'rasid-staging-monthly-cost' }),
    })
    // The amount is a setting; without an email, the topic alone.
    const { alarmEmail: _, ...pagerOnly } = prodContext
    synth({ ...pagerOnly, monthlyBudgetUsd: '250' }).edge.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({ BudgetLimit: { Amount: 250, Unit: 'USD' } }),
      NotificationsWithSubscribers: Match.arrayWith([
        Match.objectLike({ Subscribers: [{ SubscriptionType: 'SNS', Address: Match.anyValue() }] }),
      ]),
    })
    expect(() => settingsFrom((n) => ({ monthlyBudgetUsd: 'lots' })[n])).toThrow(/monthlyBudgetUsd must be a whole/)
  })

  it('may publish to the topic, as CloudWatch may, for this account only', () => {
    const topic = { Ref: idOf(prod.edge, 'AWS::SNS::Topic') }
    const [, policy] = only(prod.edge, 'AWS::SNS::TopicPolicy')
    expect(policy.Properties!.Topics).toEqual([topic])
    const statements = (policy.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement
    expect(statements.map((s) => (s.Principal as { Service: string }).Service).sort()).toEqual([
      'budgets.amazonaws.com',
      'cloudwatch.amazonaws.com',
    ])
    for (const s of statements)
      expect(s).toMatchObject({
        Effect: 'Allow',
        Action: 'sns:Publish',
        Resource: topic,
        Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
      })
  })
})
