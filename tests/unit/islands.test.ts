// The island markup's JSON (renderer/islands/define.ts) and its packed messages (renderer/islands/messages.ts); the built islands are tests/dist/dist.test.ts.
import { expect, test } from 'vitest'
import { scriptJson } from '../../renderer/islands/define'
import { packMessages, unpackMessages } from '../../renderer/islands/messages'

test('an island writes its props and messages as JSON that no data can close', () => {
  expect(scriptJson({ logo: '</script><!--' })).toBe('{"logo":"\\u003c/script>\\u003c!--"}')
  expect(JSON.parse(scriptJson({ s: '</script>\u2028' }))).toEqual({ s: '</script>\u2028' })
})

test("an island's messages are packed for its script and unpacked as react-intl takes them", () => {
  const compiled = {
    'a.text': [{ type: 0, value: 'Sales' }],
    'a.arg': [
      { type: 0, value: 'Under ' },
      { type: 1, value: 'amount' },
    ],
    'a.plural': [
      {
        type: 6,
        value: 'n',
        options: { one: { value: [{ type: 0, value: 'one' }] }, other: { value: [{ type: 7 }] } },
        offset: 0,
        pluralType: 'cardinal',
      },
    ],
  }
  const packed = packMessages(structuredClone(compiled))
  expect(packed['a.text']).toBe('Sales')
  expect(packed['a.arg']).toEqual(['Under ', { type: 1, value: 'amount' }])
  expect(unpackMessages(JSON.parse(JSON.stringify(packed)))).toEqual(compiled)
  // Unpacking again changes nothing: the island's tree may render twice.
  const once = unpackMessages(structuredClone(packed))
  expect(unpackMessages(structuredClone(once))).toEqual(compiled)
})
