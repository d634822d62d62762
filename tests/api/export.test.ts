// `npm run api -- export contacts`: operations read what arrived, from the same SQLite file the
// server writes, as CSV (RFC 4180 quoting, Arabic intact) or JSON, with --since and --spam.
import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, test } from 'vitest'
import { contactsAsCsv } from '../../api/server/exportContacts'
import type { ContactRecord } from '../../api/server/store/port'
import { sqliteStore } from '../../api/server/store/sqlite'
import { goodSales, goodSupport, tempDbPath } from './helpers'

const run = promisify(execFile)
const dbPath = tempDbPath()
const tsx = resolve('node_modules/tsx/dist/cli.mjs')

const contacts: ContactRecord[] = [
  { id: 'a1', kind: 'sales', receivedAt: '2026-10-30T09:00:00.000Z', spam: false, data: goodSales },
  {
    id: 'b2',
    kind: 'support',
    receivedAt: '2026-11-02T10:00:00.000Z',
    spam: false,
    data: { ...goodSupport, name: 'نورة الحربي', message: 'Line one, with "quotes"\nand a second line' },
  },
  { id: 'c3', kind: 'sales', receivedAt: '2026-11-03T11:00:00.000Z', spam: true, data: goodSales },
]

const api = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, [tsx, 'api/server/node.ts', ...args], {
      env: { ...process.env, API_STORE: 'sqlite', DB_PATH: dbPath },
    })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

beforeAll(async () => {
  const store = sqliteStore(dbPath)
  for (const c of contacts) await store.saveContact(c)
  await store.close()
})

describe('npm run api -- export contacts', () => {
  test('CSV by default: a header, one row per lead, oldest first, spam left out', { timeout: 30_000 }, async () => {
    const { code, stdout } = await api('export', 'contacts')
    expect(code).toBe(0)
    expect(stdout).toBe(contactsAsCsv(contacts.slice(0, 2)))
    const lines = stdout.split('\r\n')
    expect(lines[0]).toBe(
      'id,kind,receivedAt,spam,name,email,company,phone,market,volume,methods,merchantId,transactionId,topic,message,consent,consentVersion,consentLocale,consentAt,forwarded',
    )
    expect(lines[1]).toMatch(/^a1,sales,2026-10-30T09:00:00.000Z,false,Noura Al-Harbi,noura@example.com,/)
    // A field with a comma, quotes or a line break is quoted; Arabic is kept as it is.
    expect(stdout).toContain('"Line one, with ""quotes""\nand a second line"')
    expect(stdout).toContain('نورة الحربي')
  })

  test('--since, --spam and --format json', { timeout: 30_000 }, async () => {
    const since = await api('export', 'contacts', '--since', '2026-11-01', '--format', 'json')
    expect(since.code).toBe(0)
    expect((JSON.parse(since.stdout) as ContactRecord[]).map((c) => c.id)).toEqual(['b2'])
    const spam = await api('export', 'contacts', '--spam', '--format', 'json')
    expect((JSON.parse(spam.stdout) as ContactRecord[]).map((c) => [c.id, c.spam])).toEqual([
      ['a1', false],
      ['b2', false],
      ['c3', true],
    ])
  })

  test('wrong usage exits 2 with the usage', { timeout: 30_000 }, async () => {
    for (const args of [
      ['export', 'leads'],
      ['export', 'contacts', '--format', 'xml'],
      ['export', 'contacts', '--since', 'yesterday'],
      ['export', 'contacts', '--bogus'],
    ]) {
      const { code, stderr } = await api(...args)
      expect(code, args.join(' ')).toBe(2)
      expect(stderr).toContain('Usage: npm run api -- export contacts')
    }
  })
})
