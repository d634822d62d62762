// The table of `npm run bench -- --guides 500,2000` against the Astro peers, and the pure helpers
// around it (bench/lib/peerBench.ts).
import { describe, expect, it } from 'vitest'
import {
  guideCounts,
  type Measured,
  type Peer,
  peerTable,
  strictFrontMatter,
  tableLines,
} from '../../../bench/lib/peerBench'

const at = (guides: number, peer: Peer, cold: number, warm: number, pages = 1000, bytes = 10_240_000): Measured => ({
  guides,
  peer,
  cold: { wall: cold, pages, bytes },
  warm: { wall: warm, pages, bytes },
})
const column = (head: string[], name: string) => head.indexOf(name)

describe('peerTable', () => {
  const one = [at(500, 'bare', 4, 4), at(500, 'like', 20, 10), at(500, 'ours', 10, 4)]

  it('has one row per build and guide count, bare, like-for-like and ours in that order', () => {
    const { rows } = peerTable([...one, at(2000, 'ours', 40, 16, 4000), at(2000, 'bare', 16, 16, 4000)])
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      ['500', 'bare Astro'],
      ['500', 'like-for-like Astro (OG + Pagefind)'],
      ['500', 'ours'],
      ['2000', 'bare Astro'],
      ['2000', 'ours'],
    ])
  })

  it('shows seconds, ms and KiB per page', () => {
    const { head, rows } = peerTable(one)
    const ours = rows[2]!
    expect(ours[column(head, 'pages')]).toBe('1000')
    expect(ours[column(head, 'wall s cold')]).toBe('10.0')
    expect(ours[column(head, 'wall s warm')]).toBe('4.0')
    expect(ours[column(head, 'ms/page cold')]).toBe('10.0')
    expect(ours[column(head, 'ms/page warm')]).toBe('4.0')
    expect(ours[column(head, 'KiB/page')]).toBe('10.0')
  })

  it('puts ours / the peer on the peer row, cold and warm, with the goal and whether it is met', () => {
    const { head, rows } = peerTable(one)
    const [bare, like, ours] = rows
    const cold = column(head, 'ours/it cold')
    const warm = column(head, 'ours/it warm')
    const goal = column(head, 'goal')
    expect([bare![cold], bare![warm]]).toEqual(['2.50x', '1.00x'])
    expect(bare![goal]).toBe('warm <= 1.00x: met')
    expect([like![cold], like![warm]]).toEqual(['0.50x', '0.40x'])
    expect(like![goal]).toBe('cold and warm <= 0.80x: met')
    expect([ours![cold], ours![warm], ours![goal]]).toEqual(['-', '-', ''])
  })

  it('says MISSED when either ratio is over its goal', () => {
    const { head, rows } = peerTable([at(500, 'bare', 4, 3.9), at(500, 'like', 20, 4.9), at(500, 'ours', 10, 4)])
    expect(rows[0]![column(head, 'goal')]).toBe('warm <= 1.00x: MISSED')
    expect(rows[1]![column(head, 'goal')]).toBe('cold and warm <= 0.80x: MISSED')
  })

  it("compares ours' cost per page with the smallest count's, flat within 1.10x", () => {
    const flat = peerTable([at(500, 'ours', 10, 4), at(2000, 'ours', 43, 17.6, 4000)])
    expect(flat.rows[1]!.at(-1)).toBe("per page 1.07x cold, 1.10x warm of 500's; flat (<= 1.10x): met")
    const steep = peerTable([at(500, 'ours', 10, 4), at(2000, 'ours', 48, 16, 4000)])
    expect(steep.rows[1]!.at(-1)).toBe("per page 1.20x cold, 1.00x warm of 500's; flat (<= 1.10x): MISSED")
  })

  it('shows a failed build as failed, and no ratio or verdict that needs it', () => {
    const { head, rows } = peerTable([at(500, 'bare', 4, 4), { guides: 500, peer: 'ours', cold: undefined }])
    expect(rows[0]![column(head, 'ours/it cold')]).toBe('-')
    expect(rows[0]![column(head, 'goal')]).toBe('warm <= 1.00x: -')
    expect(rows[1]![column(head, 'wall s cold')]).toBe('failed')
    expect(rows[1]![column(head, 'pages')]).toBe('-')
  })
})

describe('tableLines', () => {
  it('aligns the guide count, the build and the goal left, the figures right, under a rule', () => {
    const lines = tableLines({
      head: ['guides', 'build', 'wall s', 'goal'],
      rows: [
        ['500', 'bare Astro', '4.0', 'met'],
        ['2000', 'ours', '40.0', ''],
      ],
    })
    expect(lines).toEqual([
      'guides  build       wall s  goal',
      '------  ----------  ------  ----',
      '500     bare Astro     4.0  met',
      '2000    ours          40.0',
    ])
  })
})

describe('guideCounts', () => {
  it('reads one count or a comma list, ascending, each once', () => {
    expect(guideCounts('500')).toEqual([500])
    expect(guideCounts('2000,500')).toEqual([500, 2000])
    expect(guideCounts('500, 2000,500')).toEqual([500, 2000])
  })

  it('refuses anything but positive integers', () => {
    for (const bad of ['', '0', '-5', '5.5', '500,', 'abc', '500,x', '1e3']) expect(guideCounts(bad)).toBeUndefined()
  })
})

describe('strictFrontMatter', () => {
  it('quotes the values YAML would refuse or misread, keeps numbers, quoted values and the body', () => {
    const md =
      '---\ntitle: Guide 0001: refunds\ndescription: كيف تعمل المبالغ المستردة في رصيد\norder: 101\ngroup: "payments"\n---\nBody: text.\n'
    expect(strictFrontMatter(md)).toBe(
      '---\ntitle: "Guide 0001: refunds"\ndescription: "كيف تعمل المبالغ المستردة في رصيد"\norder: 101\ngroup: "payments"\n---\nBody: text.\n',
    )
  })

  it('escapes quotes in a value, and leaves a file without front matter as it is', () => {
    expect(strictFrontMatter('---\ntitle: The "best" way\n---\n')).toBe('---\ntitle: "The \\"best\\" way"\n---\n')
    expect(strictFrontMatter('# No front matter: here\n')).toBe('# No front matter: here\n')
  })
})
