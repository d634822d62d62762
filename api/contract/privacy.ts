// The privacy notice's terms (the page /privacy; docs/privacy.md): how long what the site collects is
// kept, how soon a request is answered, where the data lives, and where to write. The API keeps to
// them (api/server/retention.ts, the table's backups in infra/), the notice and the home page state
// them (site.config.ts `facts` takes the periods in, locales/facts.ts gives them to messages), so
// what is said and what is done cannot disagree. Each change of a period is a new consent version
// (npm run i18n:consent). Pure: imports nothing.

/** The periods and the data's region, as the notice states them (message arguments by these names). */
export const privacyFacts = {
  /**
   * Days a lead (what a contact form sent) is kept after it arrives: the API deletes it then (a sweep on SQLite, DynamoDB's TTL), and
   * LEAD_RETENTION_DAYS may shorten it, never lengthen it (api/server/config.ts).
   */
  leadRetentionDays: 365,
  /** Days a checkout session (the order and its payment's status and reference) is kept: SESSION_RETENTION_DAYS may shorten it. */
  sessionRetentionDays: 90,
  /** Days a form's draft and the cart stay in the visitor's browser untouched before they are dropped. */
  browserKeepDays: 7,
  /** Days within which the privacy team answers a request about personal data (access, correction, erasure, objection). */
  privacyReplyDays: 30,
  /** Days the API's database keeps its point-in-time backups (infra/constructs/table.ts sets the table's recovery period from it). */
  backupDays: 35,
  /**
   * Where this website's own data lives (what its forms and checkout send, docs/privacy.md): the
   * AWS region of the API and its table (infra/settings.ts's default). Not where merchants' payment
   * data is processed: that stays in data centres in the markets. The home page and the privacy
   * notice name it through `{siteDataRegion, select, me_south_1 {…}}` (locales/facts.ts), so a
   * move is a change here and a branch per message (tests/unit/facts.test.ts).
   */
  siteDataRegion: 'me-south-1',
} as const

/** The privacy notice's settings that are not facts (the periods and the data's region are `privacyFacts`). */
export const privacy = {
  /** Where the privacy team answers requests (access, correction, erasure, objection). */
  email: 'privacy@rasid.example',
  /** The AWS region the API and its data live in, as the notice shows its code: `privacyFacts.siteDataRegion`. */
  region: privacyFacts.siteDataRegion,
  /** The date the notice was last changed (ISO 8601): its `<time>`; message `privacy.updated` says it in words. */
  updated: '2026-11-28',
} as const
