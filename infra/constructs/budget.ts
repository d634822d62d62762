// The account's monthly cost (docs/aws.md, "Cost"): AWS Budgets is global, its home us-east-1. It
// writes to the alarm topic, and to the operators' email itself, when 80 % of the amount is spent
// and when the month's forecast passes it.
import * as budgets from 'aws-cdk-lib/aws-budgets'
import * as iam from 'aws-cdk-lib/aws-iam'
import type * as sns from 'aws-cdk-lib/aws-sns'
import { Stack } from 'aws-cdk-lib'
import type { Construct } from 'constructs'
import { namesOf, type Settings } from '../settings'

export class CostBudget {
  readonly budget: budgets.CfnBudget

  constructor(scope: Construct, { settings, topic }: { settings: Settings; topic: sns.Topic }) {
    // A topic policy replaces SNS's default one: CloudWatch's alarms need their statement too.
    for (const service of ['budgets.amazonaws.com', 'cloudwatch.amazonaws.com'])
      topic.addToResourcePolicy(
        new iam.PolicyStatement({
          principals: [new iam.ServicePrincipal(service)],
          actions: ['sns:Publish'],
          resources: [topic.topicArn],
          conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(scope).account } },
        }),
      )
    const subscribers: budgets.CfnBudget.SubscriberProperty[] = [
      { subscriptionType: 'SNS', address: topic.topicArn },
      ...(settings.alarmEmail ? [{ subscriptionType: 'EMAIL', address: settings.alarmEmail }] : []),
    ]
    const notice = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
      notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
      subscribers,
    })
    this.budget = new budgets.CfnBudget(scope, 'MonthlyCost', {
      budget: {
        budgetName: namesOf(settings.stage).budget,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: settings.monthlyBudgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [notice('ACTUAL', 80), notice('FORECASTED', 100)],
    })
    // Budgets checks that it may publish when the budget is made.
    this.budget.node.addDependency(topic)
  }
}
