// `npm run preview`: serves dist/ as S3 behind CloudFront would (scripts/lib/previewServer.ts).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { serve } from './lib/previewServer'

const usage = `Usage: npm run preview [-- --help]

Serves dist/ on http://127.0.0.1:4173 as S3 behind CloudFront would: index documents, 404.html
with status 404, query strings ignored, the headers of dist/_headers and of the deploy, ETag/304,
gzip and brotli. Environment: PORT (default 4173), DIST (default dist).`

const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } })
if (values.help) {
  console.log(usage)
  process.exit(0)
}
const port = Number(process.env.PORT ?? 4173)
const dir = process.env.DIST ?? 'dist'
if (!existsSync(join(dir, 'index.html'))) {
  console.error(`${dir}/index.html is missing: run npm run build first.`)
  process.exit(2)
}
serve(dir, port).then(
  () => console.log(`Serving ${dir}/ on http://127.0.0.1:${port} (as S3 + CloudFront would)`),
  (err: Error) => {
    console.error(`Cannot serve on 127.0.0.1:${port}: ${err.message}`)
    process.exit(1)
  },
)
