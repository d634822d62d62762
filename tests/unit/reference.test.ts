// The API reference's pages: every operation and event of the OpenAPI document on its tag's page in
// both languages, in the document's words, with the request in four languages from its example.
import { transformSync } from 'esbuild'
import { describe, expect, test } from 'vitest'
import { guideSite } from './guideSite'
import { loadGuides } from '../../build/guides'
import { loadReference } from '../../build/reference/document'
import { operationPath, referenceOperations, requestOf, tagSlug } from '../../build/reference/pages'
import { sampleLanguages, samplesOf } from '../../build/reference/samples'
import { localeCodes } from '../../locales/locales'

const doc = loadReference()
const guides = loadGuides()
const page = (locale: (typeof localeCodes)[number], slug: string) => guides[locale].find((g) => g.slug === slug)
const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
const text = (html: string) => decode(html).replace(/\s+/g, ' ')

describe('the API reference', () => {
  test('an index, a page per tag and a page per operation or event, in the reference section, in both languages', () => {
    const ops = referenceOperations(doc)
    expect(ops.length).toBeGreaterThanOrEqual(38 + 16)
    for (const locale of localeCodes) {
      const index = page(locale, 'reference')!
      expect(index.html).toContain('href="/openapi.yaml"')
      for (const tag of doc.tags) {
        const p = page(locale, `reference/${tagSlug(tag.name)}`)!
        expect(p.group).toBe('reference')
        expect(p.title).toBe(locale === 'ar' ? tag['x-ar']!.name : tag['x-displayName'])
        expect(index.html).toContain(`href="${locale === 'ar' ? '/ar' : ''}/guide/reference/${tagSlug(tag.name)}"`)
        // The tag's page links each of its operations' pages.
        for (const op of ops.filter((o) => o.tag === tag.name))
          expect(p.html).toContain(`href="${locale === 'ar' ? '/ar' : ''}/guide/reference/${operationPath(op)}"`)
      }
    }
  })

  test('every operation and event has its page, in the words of its language', () => {
    for (const op of referenceOperations(doc))
      for (const locale of localeCodes) {
        const p = page(locale, `reference/${operationPath(op)}`)!
        expect(p, `${op.operationId} in ${locale}`).toBeDefined()
        expect(p.title).toBe(locale === 'ar' ? op.operation['x-ar']!.summary! : op.operation.summary)
        const description = locale === 'ar' ? op.operation['x-ar']!.description! : op.operation.description!
        // An operation's words on its page; an event's are its page's lead.
        expect(text(op.webhook ? p.description : p.html)).toContain(text(description.replace(/`/g, '')).slice(0, 40))
        expect(p.description.length).toBeGreaterThanOrEqual(40)
      }
  })

  test('each request shows as four tabs from its example; the Arabic page keeps the code as it is', () => {
    for (const op of referenceOperations(doc).filter((o) => !o.webhook)) {
      const [en, ar] = localeCodes.map((l) => page(l, `reference/${operationPath(op)}`)!.html)
      const samples = samplesOf(requestOf(doc, op))
      for (const s of samples) {
        const code = s.code.split('\n')[1] ?? s.code
        expect(text(en!)).toContain(code.trim().replace(/\s+/g, ' '))
        expect(text(ar!)).toContain(code.trim().replace(/\s+/g, ' '))
      }
    }
    const html = page('en', 'reference/payments/create-payment')!.html
    const group = /<div class="code-tabs"[\s\S]*?<\/pre><\/div><\/div><\/div>/.exec(html)![0]
    expect([...group.matchAll(/role="tab" [^>]*data-lang="(\w+)"/g)].map((m) => m[1])).toEqual(
      sampleLanguages.map((l) => l.id),
    )
    expect(group.match(/aria-selected="true"/g)).toHaveLength(1)
    expect(group.match(/role="tabpanel"[^>]* hidden/g)).toHaveLength(3)
    expect(group).toContain('role="tablist" aria-label="Code language"')
    expect(page('ar', 'reference/payments/create-payment')!.html).toContain('role="tablist" aria-label="لغة الشيفرة"')
  })

  test('the samples say the example: the same JSON body, code that parses, the key from the environment', () => {
    const create = referenceOperations(doc).find((o) => o.operationId === 'createPayment')!
    const request = requestOf(doc, create)
    const body = Object.values(create.operation.requestBody!.content)[0]!.example
    expect(request).toMatchObject({ method: 'post', url: 'https://api.rasid.example/v1/payments', idempotent: true })
    const [curl, node, python, php] = samplesOf(request).map((s) => s.code)
    expect(JSON.parse(/-d '([\s\S]*)'$/.exec(curl!)![1]!)).toEqual(body)
    expect(curl).toContain('-H "Idempotency-Key: ')
    expect(() => transformSync(node!, { loader: 'js', format: 'esm' })).not.toThrow()
    expect(node).toContain('process.env.RASID_SECRET_KEY')
    expect(python).toMatch(/requests\.post\(\n {4}"https:\/\/api\.rasid\.example\/v1\/payments"/)
    expect(python).toContain('"order_id": "1001"')
    expect(php).toContain("'capture_method' => 'automatic'")
    expect(php).toContain("getenv('RASID_SECRET_KEY')")
    // A GET has no body, and Python's and PHP's literals are their own.
    const retrieve = samplesOf(
      requestOf(doc, referenceOperations(doc).find((o) => o.operationId === 'retrievePayment')!),
    )
    expect(retrieve[0]!.code).toBe(
      'curl https://api.rasid.example/v1/payments/pay_8Kd2LmQ4 \\\n  -H "Authorization: Bearer sk_test_Yk3f9Qm2Rx7Lp4Vt8Nc1Hb6Z"',
    )
    const flags = samplesOf({
      method: 'post',
      url: 'https://x.example/v1/a',
      body: { on: true, none: null },
      idempotent: false,
    })
    expect(flags[2]!.code).toContain('"on": True,\n        "none": None,')
    expect(flags[3]!.code).toContain("'on' => true,\n        'none' => null,")
  })
})

const site = guideSite
const article = (body: string) => `---\ntitle: A\ndescription: About A\norder: 1\n---\n${body}`

describe("a guide's code blocks", () => {
  test('a request block names an operation and shows its four tabs, ids unique on the page', () => {
    const body = '```request createRefund\n```\n\n```request retrieveRefund\n```\n'
    const [guide] = loadGuides(site({ 'en/payments/a.md': article(body), 'ar/payments/a.md': article(body) })).en
    const ids = [...guide!.html.matchAll(/ id="(code-[^"]+)"/g)].map((m) => m[1])
    expect(ids).toHaveLength(16)
    expect(new Set(ids).size).toBe(16)
    expect(text(guide!.html)).toContain('"payment_id": "pay_8Kd2LmQ4"')
  })

  test.each([
    [
      'a request block naming no operation',
      '```request chargeCard\n```\n',
      /en\/payments\/a\.md: the request block names "chargeCard", no operation of locales\/reference\/openapi\.yaml/,
    ],
    [
      'a JSON block that does not parse',
      '```json\n{ "amount": 100, }\n```\n',
      /en\/payments\/a\.md: a json code block does not parse/,
    ],
    [
      'a JavaScript block that does not parse',
      '```js\nconst x = {\n```\n',
      /en\/payments\/a\.md: a js code block does not parse: line \d/,
    ],
  ])('fails the build with the file and the reason: %s', (_, body, message) => {
    expect(() => loadGuides(site({ 'en/payments/a.md': article(body), 'ar/payments/a.md': article('نص.') }))).toThrow(
      message,
    )
  })
})
