// `npm run contract`: writes api/contract/openapi.json from the contract (scripts/lib/openapi.ts).
// tests/unit/contract.test.ts fails when the committed file differs from what this writes.
import { writeFileSync } from 'node:fs'
import { parseCommand, runCommand } from './lib/cli/command'
import { apiVersion } from '../api/contract/version'
import { openApiPath, openApiText } from './lib/openapi'

const cmd = parseCommand({
  script: 'contract',
  usage: `Usage: npm run contract [-- --help]

Writes ${openApiPath} (OpenAPI 3.1) from the contract's schemas (api/contract/). Run it after changing
the contract, and commit the file with the change: a unit test fails while it is stale.
Exit codes: 0 written, 1 failed, 2 wrong usage.`,
})

await runCommand(cmd, () => {
  writeFileSync(openApiPath, openApiText(apiVersion))
  console.log(`contract: wrote ${openApiPath}`)
  return 0
})
