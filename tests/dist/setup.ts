// Global setup of the `dist` tier: every test here reads the built site, so a missing build fails
// the run once, with what to do, instead of each file with its own ENOENT.
import { existsSync } from 'node:fs'

export default function setup() {
  if (existsSync('dist/index.html')) return
  const error = new Error('dist/ is missing: run npm run build first')
  // Where it was thrown says nothing more.
  error.stack = `Error: ${error.message}`
  throw error
}
