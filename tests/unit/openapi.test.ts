// The merchant API's OpenAPI document (locales/reference/openapi.yaml): what the build checks
// before it ships it at /openapi.yaml (build/reference/validate.ts), with Redocly's validator.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseYaml, stringifyYaml } from '@redocly/openapi-core'
import { documentTexts, type OpenApi, referenceFile } from '../../build/reference/document'
import { termProblems } from '../../build/terms'
import { referenceStoppers } from '../../build/reference/validate'

const real = readFileSync(referenceFile(), 'utf8')
/** The real document changed by `edit`, written to a file of its own. */
function edited(edit: (doc: Record<string, any>) => void): string {
  const doc = parseYaml(real) as Record<string, any>
  edit(doc)
  const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.yaml')
  writeFileSync(file, stringifyYaml(doc))
  return file
}

describe('the OpenAPI document', { timeout: 60_000 }, () => {
  it('is OpenAPI 3.1, valid under Redocly’s recommended rules, with Arabic beside every text', async () => {
    expect(await referenceStoppers()).toBeNull()
    const doc = parseYaml(real) as Record<string, any>
    expect(doc.openapi).toMatch(/^3\.1\./)
    const operations = Object.values(doc.paths as Record<string, Record<string, unknown>>).flatMap((item) =>
      Object.keys(item).filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k)),
    )
    expect(operations.length).toBeGreaterThanOrEqual(30)
    for (const tag of [
      'payments',
      'refunds',
      'customers',
      'cards',
      'subscriptions',
      'disputes',
      'payouts',
      'webhook_endpoints',
      'events',
    ])
      expect(doc.tags.map((t: { name: string }) => t.name)).toContain(tag)
  })

  it('stops the build, naming the file and the place, on a text without its Arabic', async () => {
    const file = edited((doc) => {
      delete doc.paths['/payments'].post['x-ar']
    })
    expect(await referenceStoppers(file)).toMatch(
      /openapi\.yaml: .*paths\.\/payments\.post: no x-ar\.summary beside its summary/s,
    )
  })

  it('stops the build on what the validator refuses: an example against its schema, an unknown field', async () => {
    const badExample = edited((doc) => {
      doc.paths['/payments'].post.requestBody.content['application/json'].example.amount = 'ten riyals'
    })
    expect(await referenceStoppers(badExample)).toMatch(
      /\(Redocly, recommended\):[\s\S]*no-invalid-media-type-examples/,
    )
    const unknown = edited((doc) => {
      doc.paths['/payments'].post.colour = 'green'
    })
    expect(await referenceStoppers(unknown)).toMatch(/struct: Property `colour` is not expected here/)
  })

  it('stops the build on an operation without one of the document’s tags', async () => {
    const file = edited((doc) => {
      doc.paths['/payments'].post.tags = ['nowhere']
    })
    expect(await referenceStoppers(file)).toMatch(/paths\.\/payments\.post: needs exactly one of the document's tags/)
  })

  it('gives the copy checks every text a reader sees in each language, and no example', () => {
    const doc = parseYaml(real) as OpenApi
    const ar = documentTexts(doc, 'ar', false)
    const en = documentTexts(doc, 'en', true)
    expect(ar.find((t) => t.where === 'paths./payments.post.x-ar.summary')?.text).toBe('إنشاء عملية دفع')
    expect(en.find((t) => t.where === 'paths./payments.post.summary')?.text).toBe('Create a payment')
    expect(ar.every((t) => /[\u0600-\u06ff]/.test(t.text) || !/[a-z]{4}/i.test(t.text.replace(/`[^`]*`/g, '')))).toBe(
      true,
    )
    expect([...ar, ...en].some((t) => /example/.test(t.where))).toBe(false)
    // A banned word in the Arabic is found, where it is.
    const texts = documentTexts(
      { paths: { '/x': { post: { summary: 'Fail', 'x-ar': { summary: 'فشلت عملية الدفع' } } } } } as unknown as OpenApi,
      'ar',
      false,
    )
    expect(texts.flatMap((t) => termProblems(t.text, 'ar').map((r) => `${t.where}: ${r}`))).toEqual([
      expect.stringMatching(/^paths\.\/x\.post\.x-ar\.summary: "فشلت" is not the glossary's word/),
    ])
  })
})
