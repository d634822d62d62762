// The SQLite schema, as numbered migrations: migration n brings `PRAGMA user_version` from n - 1
// to n, and runs once (store/sqlite.ts). Append; never edit one that has shipped.
export const migrations: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE contacts (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('sales', 'support')),
        received_at TEXT NOT NULL,
        spam INTEGER NOT NULL DEFAULT 0,
        data TEXT NOT NULL
      );
      CREATE INDEX contacts_received_at ON contacts (received_at);
      CREATE TABLE idempotency (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        body_hash TEXT NOT NULL,
        status INTEGER NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (scope, key)
      );
    `,
  },
  {
    // Forwarding to the CRM webhook (api/server/forward.ts). NULL state: never queued (forwarding
    // off when the lead arrived, or spam). The partial index holds only what the forwarder reads.
    version: 2,
    sql: `
      ALTER TABLE contacts ADD COLUMN forward_state TEXT CHECK (forward_state IN ('pending', 'forwarded', 'failed'));
      ALTER TABLE contacts ADD COLUMN forward_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE contacts ADD COLUMN forward_next_at TEXT;
      ALTER TABLE contacts ADD COLUMN forwarded_at TEXT;
      ALTER TABLE contacts ADD COLUMN forward_error TEXT;
      CREATE INDEX contacts_forward_due ON contacts (forward_next_at) WHERE forward_state = 'pending';
    `,
  },
  {
    // Checkout (api/server/checkout/): each session with its order (the quote) as JSON in `data`,
    // its status also as a column for the compare-and-set of a change; and the payment events
    // already applied, so that a repeated delivery changes nothing.
    version: 3,
    sql: `
      CREATE TABLE checkout_sessions (
        id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        data TEXT NOT NULL
      );
      CREATE TABLE payment_events (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL,
        received_at TEXT NOT NULL
      );
    `,
  },
  {
    // Personal data (docs/privacy.md): each lead keeps the consent it was sent with (JSON: version,
    // locale, at); a data subject's leads are found by their email without a scan; the retention
    // sweep finds what is old by the times it already has.
    version: 4,
    sql: `
      ALTER TABLE contacts ADD COLUMN consent TEXT;
      CREATE INDEX contacts_email ON contacts (lower(json_extract(data, '$.email')));
      CREATE INDEX checkout_sessions_created_at ON checkout_sessions (created_at);
      CREATE INDEX idempotency_created_at ON idempotency (created_at);
      CREATE INDEX payment_events_received_at ON payment_events (received_at);
    `,
  },
  {
    // Erasure that erases (docs/privacy.md): no schema change. A file from
    // before kept what its DELETEs freed, erased leads included; store/sqlite.ts rewrites such a
    // file once (VACUUM, which cannot run inside this migration's transaction) when it applies this.
    version: 5,
    sql: '-- the file is rewritten after the transaction (store/sqlite.ts)',
  },
  {
    // Rate limits shared by every process on the file: one row per counter,
    // its key an HMAC naming the limit and its window (api/server/rateLimit.ts), never an address or
    // an email; `expires_at` (epoch ms) is when the store's own purge may delete it.
    version: 6,
    sql: `
      CREATE TABLE rate_counters (
        key TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX rate_counters_expires_at ON rate_counters (expires_at);
    `,
  },
  {
    // The reconciliation's own schedule per session (checkout/checkSchedule.ts): `next_check_at` is
    // the record's `nextCheckAt` while its status is one a payment may still end, else NULL. A
    // session from before that may still end (expired at most a day ago) is due at once.
    version: 7,
    sql: `
      ALTER TABLE checkout_sessions ADD COLUMN next_check_at TEXT;
      UPDATE checkout_sessions SET next_check_at = created_at,
          data = json_set(data, '$.nextCheckAt', created_at, '$.checks', 0)
        WHERE status IN ('open', 'processing', 'failed', 'cancelled')
          AND json_extract(data, '$.expiresAt') > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day');
      CREATE INDEX checkout_sessions_due ON checkout_sessions (next_check_at) WHERE next_check_at IS NOT NULL;
    `,
  },
]
