// `npm run preview`: serves dist/ as S3 behind CloudFront would, through the stack's two CloudFront
// Functions, as a bucket with one live release (host/local/previewServer.ts, docs/deploy.md),
// with the API behind /api/* on the same origin: its own (api/server, the store of `npm run api`),
// or the one at API_ORIGIN.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseCommand, runCommand } from './lib/cli/command'
import { configFromEnv, type RunningApi, startApiServer, storeFromEnv } from '../api/server'
import { serve } from '../host/local/previewServer'

const usage = `Usage: npm run preview [-- --help]

Serves dist/ on http://127.0.0.1:4173 as S3 behind CloudFront would, through the same viewer-request
and viewer-response functions, as a bucket whose live release is this build: index documents,
404.html with status 404, query strings ignored, the objects' Content-Type and Cache-Control as the
deploy stores them, the build's Content-Security-Policy and the security headers policy, ETag/304,
gzip and brotli; and the API behind /api/*, as CloudFront's second behaviour sends it there.
(npm run s3:local serves a bucket that npm run deploy writes, the same way.)

Environment: PORT (default 4173), DIST (default dist); STATUS_DIR (default .status), the folder
\`npm run status\` writes, served at /status/ (the sample, marked as one, while it has no document);
API_ORIGIN to forward /api/* to an API
already running there (http://127.0.0.1:8787 for \`npm run api\`); without it the preview starts
its own API with the settings of \`npm run api\` (API_STORE, DB_PATH, ...: docs/api.md).

Exit codes: 0 stopped, 1 the API or the port could not start (the line names it), 2 wrong usage or
no DIST/index.html.`

const cmd = parseCommand({ script: 'preview', usage })
const port = Number(process.env.PORT ?? 4173)
const dir = process.env.DIST ?? 'dist'

await runCommand(
  cmd,
  async () => {
    if (!existsSync(join(dir, 'index.html'))) {
      console.error(`preview: ${dir}/index.html is missing: run npm run build first.`)
      return 2
    }
    // The folder `npm run status` writes; while it has no document, the preview serves the sample.
    const statusDir = process.env.STATUS_DIR || '.status'

    let api: RunningApi | undefined
    try {
      if (!process.env.API_ORIGIN)
        // The preview is this machine's: its own API takes test cards (the sandbox) unless told otherwise.
        api = await startApiServer({
          config: configFromEnv({ PAYMENT_PROVIDER: 'sandbox', ...process.env }),
          store: storeFromEnv(process.env),
          port: 0,
        })
    } catch (err) {
      console.error(`preview: cannot start the API: ${(err as Error).message}`)
      return 1
    }
    const apiOrigin = process.env.API_ORIGIN || api!.url
    const server = await serve(dir, port, '127.0.0.1', { apiOrigin, statusDir }).catch(async (err: unknown) => {
      await api?.close()
      throw err
    })
    console.log(
      `Serving ${dir}/ on http://127.0.0.1:${port} (as S3 + CloudFront would), /api/* -> ${apiOrigin}, /status/* from ${statusDir}/`,
    )
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => {
        server.close()
        server.closeAllConnections()
        void (api?.close() ?? Promise.resolve()).then(() => process.exit(0))
      })
    return undefined
  },
  { about: () => ({ ports: { [port]: 'PORT' } }), exit: true },
)
