// The operator's settings (./settings.ts): what is refused, and the defaults.
import { describe, expect, it } from 'vitest'
import { settingsFrom } from './settings'

describe('settings', () => {
  it('come from context; a domain without a certificate, a bad stage or retention is refused', () => {
    expect(() => settingsFrom((n) => ({ domain: 'www.rasid.example' })[n])).toThrow(/certificateArn/)
    expect(() => settingsFrom((n) => ({ stage: 'prod' })[n])).toThrow(/production or staging/)
    expect(() => settingsFrom((n) => ({ leadWebhookUrl: 'http://crm' })[n])).toThrow(/https/)
    expect(() => settingsFrom((n) => ({ logRetentionDays: '45' })[n])).toThrow(/one of 1, 3, 5/)
    expect(settingsFrom(() => undefined).region).toBe('me-south-1')
  })
})
