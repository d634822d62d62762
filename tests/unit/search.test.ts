import { describe, expect, it } from 'vitest'
import { groupMessage, loadGuides } from '../../build/guides'
import { buildSearchIndexes, loadSearchIndexes, proseOf, searchDocs } from '../../build/search'
import { loadCatalogs } from '../../locales/catalogs'
import { localeCodes } from '../../locales/locales'
import { type Indexes, searchGuides, shardsOf } from '../../renderer/search/query'
import { fold, termsOf } from '../../renderer/search/text'
import { searchQueries } from '../searchQueries'

// A query word and a guide's word match when their terms share one (docs/search.md).
const same = (a: string, b: string) => termsOf(a).some((t) => termsOf(b).includes(t))

describe('search terms', () => {
  it.each([
    ['diacritics', 'الاسْتِرْدَاد', 'الاسترداد'],
    ['tatweel', 'الاســترداد', 'الاسترداد'],
    ['alef with hamza above', 'أنشئ', 'انشئ'],
    ['alef with hamza below', 'إنشاء', 'انشاء'],
    ['alef with madda', 'آمن', 'امن'],
    ['hamza on waw', 'مسؤول', 'مسوول'],
    ['hamza on ya', 'الجزئي', 'الجزيي'],
    ['ta marbuta', 'التسوية', 'التسويه'],
    ['alef maqsura', 'مدى', 'مدي'],
    ['the article', 'البطاقة', 'بطاقة'],
    ['و and the article', 'والاسترداد', 'استرداد'],
    ['ف and the article', 'فالاسترداد', 'الاسترداد'],
    ['ب and the article', 'بالبطاقة', 'البطاقة'],
    ['ك and the article', 'كالبطاقة', 'بطاقة'],
    ['لل (ل and the article)', 'للتسوية', 'التسوية'],
    ['و and ب', 'وبمفتاح', 'مفتاح'],
    ['ل', 'لمدى', 'مدى'],
    ['a ب of the stem itself', 'بطاقات', 'البطاقات'],
    ['Arabic-Indic digits', '٤٤٦٤', '4464'],
    ['Eastern Arabic-Indic digits', '۴۴۶۴', '4464'],
    ['a brand in either script', 'مدى', 'mada'],
    ['a brand with a particle', 'وتابي', 'Tabby'],
    ['a Latin brand spelt in Arabic', 'فيزا', 'Visa'],
    ['English case', 'WEBHOOK', 'webhook'],
    ['an English plural', 'cards', 'card'],
    ['an English plural in -ies', 'policies', 'policy'],
    ['an English plural in -es', 'boxes', 'box'],
    ['a possessive', "refund's", 'refund'],
    ['an English plural in -ys', 'keys', 'key'],
    ['an English plural in -uses', 'statuses', 'status'],
    ['a plural of a word in -ie', 'cookies', 'cookie'],
    ['the Persian ya and kaf', 'بیع کامل', 'بيع كامل'],
    ['a brand spelling that is also a word keeps the word', 'ميزة', 'ميزه'],
    ['a brand spelling that is also a word reads as the brand', 'ميزة', 'Meeza'],
  ])('%s: %s reads as %s', (_rule, a, b) => expect(same(a, b)).toBe(true))

  it.each([
    ['status', 'statu'],
    ['business', 'busines'],
    ['series', 'sery'],
    ['وقت', 'قت'],
    ['بال', 'ال'],
    ['بنك', 'نك'],
    ['card', 'car'],
  ])('%s does not read as %s', (a, b) => {
    expect(termsOf(a)).not.toContain(b)
  })

  it('folds letters, digits and case, and keeps Latin letters', () => {
    expect(fold('إِنْشَاءُ ٣ مدفوعـات Apple')).toBe('انشاء 3 مدفوعات apple')
  })
})

describe('search index', () => {
  const guides = loadGuides()
  const catalogs = loadCatalogs()
  // As the browser gets them: JSON, loaded with the options the runtime uses.
  const indexes = Object.fromEntries(
    localeCodes.map((locale) => [
      locale,
      loadSearchIndexes(buildSearchIndexes(searchDocs(guides[locale], catalogs[locale]))),
    ]),
  ) as Record<(typeof localeCodes)[number], Indexes>

  it.each(searchQueries.map((c) => [c.locale, c.rule, c.query, c.first] as const))(
    '%s, %s: “%s” finds %s first',
    (locale, _rule, query, first) => {
      expect(searchGuides(indexes[locale], query)[0]?.id).toBe(first)
    },
  )

  it.each([
    ['en', 'an operation', 'Retrieve a payout', 'reference/payouts/retrieve-payout'],
    ['ar', 'an operation', 'تقديم مستندات الاعتراض', 'reference/disputes/submit-dispute-evidence'],
    ['en', 'a field', 'amount_refunded', 'reference/refunds'],
    ['ar', 'a field', 'evidence_due_by', 'reference/disputes'],
    ['en', 'an error code', 'idempotency_key_reused', 'reference/errors'],
    ['ar', 'an error code', 'resource_missing', 'reference/payouts/retrieve-payout'],
  ] as const)(
    '%s: %s of the API reference, “%s”, finds %s on the first page of results',
    (locale, _what, query, page) => {
      // The guides that explain it may come first (a reference page weighs half as much).
      expect(
        searchGuides(indexes[locale], query)
          .slice(0, 10)
          .map((h) => h.id),
      ).toContain(page)
    },
  )

  it('finds guides by their first chunk alone, before the prose arrives', () => {
    const headOnly = (ix: Indexes): Indexes => ({ ...ix, body: new Map() })
    expect(searchGuides(headOnly(indexes.en), 'webhooks')[0]?.id).toBe('webhooks')
    expect(searchGuides(headOnly(indexes.ar), 'الاسترداد')[0]?.id).toBe('payments/refunds')
  })

  it('falls back to any word when no guide has every word', () => {
    expect(searchGuides(indexes.en, 'webhooks zzzqqq').map((h) => h.id)).toContain('webhooks')
    expect(searchGuides(indexes.en, 'zzzqqq')).toEqual([])
  })

  it('holds every guide of each language, with its title, group, description and headings', () => {
    for (const locale of localeCodes) {
      expect(indexes[locale].head.documentCount).toBe(guides[locale].length)
      const refunds = indexes[locale].head.getStoredFields('payments/refunds')!
      const guide = guides[locale].find((g) => g.slug === 'payments/refunds')!
      expect(refunds.t).toBe(guide.title)
      expect(refunds.g).toBe(catalogs[locale][groupMessage(guide.group)])
      expect(refunds.d).toBe(guide.description)
      expect(String(refunds.h).split('\n')).toHaveLength(guide.toc.length)
    }
  })

  it('splits the prose by prefix at scale, and a query needs only its words’ shards', () => {
    // 300 guides per language, the real ones over and over: the prose takes several shards.
    for (const locale of localeCodes) {
      const docs = searchDocs(guides[locale], catalogs[locale])
      const many = Array.from({ length: 300 }, (_, i) => ({
        ...docs[i % docs.length]!,
        u: `${docs[i % docs.length]!.u}~${i}`,
      }))
      const json = buildSearchIndexes(many)
      const ix = loadSearchIndexes(json)
      expect(ix.shards.length).toBeGreaterThan(3)
      const prefixes = ix.shards.flat()
      expect(new Set(prefixes).size).toBe(prefixes.length)
      for (const c of searchQueries.filter((q) => q.locale === locale)) {
        const needed = shardsOf(ix.shards, c.query)
        expect(needed.length, c.query).toBeLessThan(ix.shards.length)
        // With only the shards it needs, a query finds what it finds with all of them.
        const some = { ...ix, body: new Map([...ix.body].filter(([n]) => needed.includes(n))) }
        expect(searchGuides(some, c.query)[0]?.id.split('~')[0], c.query).toBe(c.first)
      }
    }
    // 600 guides indexed: 1-2 s idle, past Vitest's 5 s default on a busy 2-core machine.
  }, 30_000)

  it('indexes prose, not code blocks or their buttons', () => {
    const html =
      '<p>Send the <code>amount</code>.</p><div class="code-block" dir="ltr"><div class="code-bar"><span class="code-lang">bash</span><button>Copy</button></div><pre tabindex="0"><code>curl secretword</code></pre></div>\n<p>Then wait.</p>'
    expect(proseOf(html)).toBe('Send the amount.\nThen wait.')
  })
})
