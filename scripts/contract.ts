// `npm run contract`: writes api/contract/openapi.json from the contract (scripts/lib/openapi.ts).
// tests/unit/contract.test.ts fails when the committed file differs from what this writes.
import { writeFileSync } from 'node:fs'
import { apiVersion } from '../api/contract/version'
import { openApiPath, openApiText } from './lib/openapi'

writeFileSync(openApiPath, openApiText(apiVersion))
console.log(`contract: wrote ${openApiPath}`)
