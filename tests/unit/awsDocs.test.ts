// docs/aws.md gives the DynamoDB table to create by hand; the store and its tests create it with
// `tableDefinition` (api/server/store/dynamo.ts). The two must not drift apart.
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { tableDefinition } from '../../api/server/store/dynamo'

test('the table in docs/aws.md is the store’s table definition', () => {
  const doc = readFileSync(new URL('../../docs/aws.md', import.meta.url), 'utf8')
  const block = /<!-- table-definition -->\n```json\n([\s\S]*?)\n```/.exec(doc)?.[1]
  expect(block).toBeDefined()
  expect(JSON.parse(block!)).toEqual(tableDefinition('rasid-api'))
})
