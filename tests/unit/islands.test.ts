// The island markup's JSON (renderer/islands/define.ts); the built islands are tests/dist/dist.test.ts.
import { expect, test } from 'vitest'
import { scriptJson } from '../../renderer/islands/define'

test('an island writes its props and messages as JSON that no data can close', () => {
  expect(scriptJson({ logo: '</script><!--' })).toBe('{"logo":"\\u003c/script>\\u003c!--"}')
  expect(JSON.parse(scriptJson({ s: '</script>\u2028' }))).toEqual({ s: '</script>\u2028' })
})
